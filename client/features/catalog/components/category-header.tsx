import { Link } from "react-router";
import type { CategoryDetail } from "../../../../core/contracts/browse";
import { Breadcrumb } from "../../../components/ui/breadcrumb";
import { cn } from "../../../lib/cn";

/** Where a category's subcategory lives: /category/{top}/{sub}. */
export function subcategoryPath(category: CategoryDetail, childSlug: string): string {
  const top = category.parent?.slug ?? category.slug;
  return `/category/${top}/${childSlug}`;
}

/** Breadcrumb, title, description and the subcategory chips of a category page. */
export function CategoryHeader({ category }: { category: CategoryDetail }) {
  const chipClass =
    "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors";
  return (
    <header className="flex flex-col gap-3">
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          ...(category.parent
            ? [{ label: category.parent.name, to: `/category/${category.parent.slug}` }]
            : []),
          { label: category.name },
        ]}
      />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{category.name}</h1>
      {category.description && <p className="max-w-3xl text-slate-700">{category.description}</p>}
      {category.children.length > 0 && (
        <nav aria-label="Subcategories">
          <ul className="flex flex-wrap gap-2">
            {category.parent && (
              <li>
                <Link
                  to={`/category/${category.parent.slug}`}
                  className={cn(
                    chipClass,
                    "border-slate-300 bg-white text-slate-800 hover:border-brand-600",
                  )}
                >
                  All {category.parent.name}
                </Link>
              </li>
            )}
            {category.children.map((child) => {
              const current = child.slug === category.slug;
              return (
                <li key={child.id}>
                  <Link
                    to={subcategoryPath(category, child.slug)}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      chipClass,
                      current
                        ? "border-brand-700 bg-brand-700 text-white"
                        : "border-slate-300 bg-white text-slate-800 hover:border-brand-600",
                    )}
                  >
                    {child.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </header>
  );
}
