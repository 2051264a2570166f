import { Link, useLocation } from "react-router";
import type { CategoryDetail } from "../../../../core/contracts/browse";
import { cn } from "../../../lib/cn";
import { subcategoryPath } from "./category-header";

/**
 * The filter panel's "Shop by Category": subcategories with how many listings each has. `counts`
 * (by slug, from the panel's facets) follow the page's other filters; without them the counts
 * are every active listing.
 */
export function SubcategoryList({
  category,
  counts,
}: {
  category: CategoryDetail;
  counts?: Record<string, number>;
}) {
  const top = category.parent ?? category;
  const countOf = (slug: string, fallback: number) => (counts ? (counts[slug] ?? 0) : fallback);
  const topCount = category.parent ? null : countOf(category.slug, category.listingCount);
  // Switching subcategory here keeps the panel's filters (but starts again at page 1).
  const params = new URLSearchParams(useLocation().search);
  params.delete("page");
  const query = params.size > 0 ? `?${params}` : "";
  return (
    <section aria-labelledby="shop-by-category">
      <h2 id="shop-by-category" className="mb-2 font-semibold text-slate-900">
        Shop by Category
      </h2>
      <ul className="flex flex-col">
        <li>
          <Link
            to={`/category/${top.slug}${query}`}
            aria-current={category.parent ? undefined : "page"}
            className={cn(
              "flex justify-between rounded-md px-2 py-1.5 text-sm hover:bg-brand-50",
              category.parent ? "text-slate-800" : "font-semibold text-brand-800",
            )}
          >
            <span>All {top.name}</span>
            {topCount !== null && <span className="text-slate-700">({topCount})</span>}
          </Link>
        </li>
        {category.children.map((child) => {
          const current = child.slug === category.slug;
          return (
            <li key={child.id}>
              <Link
                to={`${subcategoryPath(category, child.slug)}${query}`}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex justify-between gap-2 rounded-md py-1.5 pr-2 pl-4 text-sm hover:bg-brand-50",
                  current ? "font-semibold text-brand-800" : "text-slate-800",
                )}
              >
                <span>{child.name}</span>
                <span className="text-slate-700">({countOf(child.slug, child.listingCount)})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
