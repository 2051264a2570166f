import { SlidersHorizontal } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { SelectField } from "../../../components/ui/select-field";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useListings } from "../api/get-listings";
import { useCategoryFilters } from "../hooks/use-category-filters";
import { KindFilter } from "./kind-filter";
import { LayoutToggle } from "./layout-toggle";
import { ListingFilterPanel } from "./listing-filter-panel";
import { ProductCard } from "./product-card";

const SORT_OPTIONS = [
  { value: "best_match", label: "Best Match" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
  { value: "newest", label: "Newest" },
];

/** A category's listings with the type switch, sort, filter panel, layout toggle and pages. */
export function CategoryListings({
  categorySlug,
  categorySection,
}: {
  categorySlug: string;
  categorySection?: ReactNode;
}) {
  const { filters, apiParams, update, activeCount } = useCategoryFilters();
  const [panelOpen, setPanelOpen] = useState(activeCount > 0);
  const panelId = useId();
  const query = useListings({ ...apiParams, category: categorySlug });
  const sortValue = SORT_OPTIONS.some((o) => o.value === filters.sort)
    ? filters.sort
    : "best_match";

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-3 shadow-sm sm:p-4 lg:flex-row lg:items-center lg:justify-between">
        <KindFilter value={filters.kind} onChange={(kind) => update({ kind })} />
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {query.data ? `${pluralize(query.data.total, "item")} found` : "\u00a0"}
          </p>
          <button
            type="button"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
            className={cn(
              "inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-semibold",
              panelOpen
                ? "border-brand-700 bg-brand-50 text-brand-800"
                : "border-slate-400 bg-white text-slate-800 hover:bg-brand-50",
            )}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filter
            {activeCount > 0 && (
              <span
                aria-hidden="true"
                className="rounded-full bg-coral-700 px-1.5 text-xs leading-5 text-white"
              >
                {activeCount}
              </span>
            )}
          </button>
          <SelectField
            label="Sort by"
            hideLabel
            value={sortValue}
            options={SORT_OPTIONS}
            onChange={(sort) => update({ sort })}
            className="min-w-44"
          />
          <LayoutToggle
            value={filters.view}
            onChange={(view) =>
              update({ view: view === "list" ? "list" : null }, { keepPage: true })
            }
          />
        </div>
      </div>

      <div className={cn("grid gap-6", panelOpen && "lg:grid-cols-[17rem_1fr]")}>
        {panelOpen && (
          <ListingFilterPanel
            id={panelId}
            filters={filters}
            onChange={update}
            categorySection={categorySection}
            activeCount={activeCount}
          />
        )}
        <div className="min-w-0">
          {query.isPending ? (
            <Spinner label="Loading products..." />
          ) : query.isError ? (
            <ErrorState
              message="We couldn't load this category's listings."
              onRetry={() => void query.refetch()}
            />
          ) : query.data.items.length === 0 ? (
            <EmptyState
              title="No products found in this category."
              hint="Try adjusting your filters or check back later."
            />
          ) : (
            <>
              <ul
                aria-busy={query.isFetching}
                className={cn(
                  "grid gap-4",
                  filters.view === "list"
                    ? "grid-cols-1"
                    : panelOpen
                      ? "grid-cols-1 min-[420px]:grid-cols-2 md:grid-cols-3"
                      : "grid-cols-1 min-[420px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4",
                  query.isPlaceholderData && "opacity-60",
                )}
              >
                {query.data.items.map((listing) => (
                  <li key={listing.id}>
                    <ProductCard listing={listing} layout={filters.view} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={query.data.page}
                pageSize={query.data.pageSize}
                total={query.data.total}
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
