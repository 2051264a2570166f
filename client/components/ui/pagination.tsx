import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { cn } from "../../lib/cn";
import { Button } from "./button";

/** The page numbers to show: first, last, and the current one with its neighbours. */
function pageItems(current: number, last: number): (number | "gap")[] {
  const pages = new Set([1, last, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const page of sorted) {
    const previous = items[items.length - 1];
    if (typeof previous === "number" && page - previous > 1) items.push("gap");
    items.push(page);
  }
  return items;
}

const itemBase =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium";

/** Previous / numbers / Next, as links that keep every other URL parameter. */
export function Pagination({
  page,
  pageSize,
  total,
}: {
  page: number;
  pageSize: number;
  total: number;
}) {
  const [searchParams] = useSearchParams();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;

  const hrefFor = (target: number) => {
    const params = new URLSearchParams(searchParams);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };

  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link
              to={hrefFor(page - 1)}
              className={cn(itemBase, "text-brand-800 hover:bg-brand-50")}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemBase, "text-slate-500")}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </span>
          )}
        </li>
        {pageItems(page, last).map((item, index) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={cn(
                  itemBase,
                  item === page
                    ? "bg-brand-700 text-white"
                    : "border border-slate-300 bg-white text-slate-800 hover:bg-brand-50",
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < last ? (
            <Link
              to={hrefFor(page + 1)}
              className={cn(itemBase, "text-brand-800 hover:bg-brand-50")}
            >
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemBase, "text-slate-500")}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/**
 * Earlier / later buttons for a list inside a page (a section, not the page's own results), whose
 * page lives in component state rather than the URL.
 */
export function PagerButtons({
  label,
  page,
  last,
  onPage,
  previousText = "Previous",
  nextText = "Next",
}: {
  /** The navigation landmark's name, e.g. "Feedback pages". */
  label: string;
  page: number;
  last: number;
  onPage: (page: number) => void;
  previousText?: string;
  nextText?: string;
}) {
  if (last <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {previousText}
      </Button>
      <span className="text-sm text-slate-700">
        Page {page} of {last}
      </span>
      <Button variant="ghost" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {nextText}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
