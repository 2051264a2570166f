import { ChevronDown, LayoutGrid } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { CategoryNode } from "../../../core/contracts/browse";
import { MEGA_MENU_COLUMNS, NAV_TOP_CATEGORIES } from "../../../core/limits";
import { cn } from "../../lib/cn";
import { useDismiss } from "../../lib/use-dismiss";

/** Splits the top categories into `count` columns, in order, top to bottom. */
function toColumns<T>(items: T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  const columns: T[][] = [];
  for (let i = 0; i < items.length; i += size) columns.push(items.slice(i, i + size));
  return columns;
}

/**
 * The category bar: an "All Categories" button opening the mega-menu (every top category with
 * its subcategories, in four columns), then the first eight top categories (wider screens).
 */
export function CategoryNav({ categories }: { categories: CategoryNode[] }) {
  const [open, setOpen] = useState(false);
  // The menu's links (every category and subcategory, some sixty) are drawn the first time it
  // opens, then kept: a closed menu is hidden, and drawing it cost every first page load on a phone.
  const [drawn, setDrawn] = useState(false);
  if (open && !drawn) setDrawn(true);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(container, trigger, open, close);

  // A navigation (from the menu or anywhere else) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>("a")?.focus();
  }, [open]);

  const top = categories.slice(0, NAV_TOP_CATEGORIES);

  return (
    <nav aria-label="Categories" className="border-b border-sand-200 bg-white">
      <div ref={container} className="relative mx-auto max-w-7xl px-4">
        <div className="flex items-center gap-1">
          <button
            ref={trigger}
            type="button"
            aria-expanded={open}
            aria-controls="mega-menu"
            onClick={() => setOpen((value) => !value)}
            className={cn(
              "inline-flex h-11 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-semibold",
              open ? "bg-brand-50 text-brand-800" : "text-slate-900 hover:bg-brand-50",
            )}
          >
            <LayoutGrid aria-hidden="true" className="size-4" />
            All Categories
            <ChevronDown
              aria-hidden="true"
              className={cn("size-4 transition-transform", open && "rotate-180")}
            />
          </button>
          <ul className="hidden min-w-0 items-center gap-1 overflow-x-auto md:flex">
            {top.map((category) => (
              <li key={category.id} className="shrink-0">
                <NavLink
                  to={`/category/${category.slug}`}
                  className={({ isActive }) =>
                    cn(
                      "inline-flex h-11 items-center rounded-lg px-3 text-sm whitespace-nowrap hover:bg-brand-50 hover:text-brand-800",
                      isActive ? "font-semibold text-brand-800" : "text-slate-800",
                    )
                  }
                >
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>

        <div
          ref={panel}
          id="mega-menu"
          hidden={!open}
          className="absolute inset-x-0 top-full z-40 max-h-[75vh] overflow-y-auto border-t border-sand-200 bg-white shadow-xl sm:inset-x-4 sm:rounded-b-xl"
        >
          <div className="grid gap-6 p-5 sm:grid-cols-2 lg:grid-cols-4">
            {(open || drawn) &&
              toColumns(categories, MEGA_MENU_COLUMNS).map((column) => (
                <ul key={column[0]?.id} className="flex flex-col gap-5">
                  {column.map((category) => (
                    <li key={category.id}>
                      <Link
                        to={`/category/${category.slug}`}
                        onClick={close}
                        className="font-semibold text-slate-900 hover:text-brand-800 hover:underline"
                      >
                        {category.name}
                      </Link>
                      {category.children.length > 0 && (
                        <ul className="mt-2 flex flex-col gap-1.5">
                          {category.children.map((child) => (
                            <li key={child.id}>
                              <Link
                                to={`/category/${category.slug}/${child.slug}`}
                                onClick={close}
                                className="text-sm text-slate-700 hover:text-brand-800 hover:underline"
                              >
                                {child.name}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              ))}
          </div>
        </div>
      </div>
    </nav>
  );
}
