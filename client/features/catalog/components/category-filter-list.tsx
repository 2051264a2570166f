import { Link } from "react-router";
import type { CategoryNode } from "../../../../core/contracts/browse";
import { cn } from "../../../lib/cn";

function CountLabel({ name, count }: { name: string; count: number | undefined }) {
  return (
    <>
      <span>{name}</span>
      {count !== undefined && (
        <span className="text-slate-700 tabular-nums">({count.toLocaleString("en-US")})</span>
      )}
    </>
  );
}

/**
 * The search results panel's "Shop by Category": every top-level category with its count, and
 * the chosen one's subcategories. Counts (by slug) follow the page's other filters.
 */
export function CategoryFilterList({
  categories,
  selected,
  counts,
  hrefFor,
}: {
  categories: CategoryNode[];
  /** The chosen category's slug, or "" for all. */
  selected: string;
  counts: Record<string, number> | undefined;
  /** Where choosing a category (or "" for all) goes: this page with the other filters kept. */
  hrefFor: (slug: string) => string;
}) {
  const open = categories.find(
    (c) => c.slug === selected || c.children.some((child) => child.slug === selected),
  );
  const total = counts ? categories.reduce((sum, c) => sum + (counts[c.slug] ?? 0), 0) : undefined;
  const item = (slug: string, name: string, nested = false) => {
    const current = slug === selected;
    return (
      <Link
        to={hrefFor(slug)}
        aria-current={current ? "page" : undefined}
        className={cn(
          "flex justify-between gap-2 rounded-md py-1.5 pr-2 text-sm hover:bg-brand-50",
          nested ? "pl-5" : "pl-2",
          current ? "font-semibold text-brand-800" : "text-slate-800",
        )}
      >
        <CountLabel name={name} count={slug ? counts && (counts[slug] ?? 0) : total} />
      </Link>
    );
  };
  return (
    // Not a labelled region: its name would be one more "Category" beside the page's dropdown.
    <section>
      <h2 className="mb-2 font-semibold text-slate-900">Shop by Category</h2>
      <ul className="flex flex-col">
        <li>{item("", "All Categories")}</li>
        {categories.map((category) => (
          <li key={category.id}>
            {item(category.slug, category.name)}
            {open?.id === category.id && category.children.length > 0 && (
              <ul>
                {category.children.map((child) => (
                  <li key={child.id}>{item(child.slug, child.name, true)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
