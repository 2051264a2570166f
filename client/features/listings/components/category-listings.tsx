import { type ReactNode, useId, useState } from "react";
import type { ListingFacets, Territory } from "../../../../core/contracts/browse";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { SelectField } from "../../../components/ui/select-field";
import { PagePlaceholder } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useDeferredData } from "../../../lib/use-deferred-data";
import { useListingFacets } from "../api/get-listing-facets";
import { useListings } from "../api/get-listings";
import { useCategoryFilters } from "../hooks/use-category-filters";
import { DidYouMean } from "./did-you-mean";
import { FilterButton } from "./filter-button";
import { KindFilter } from "./kind-filter";
import { LayoutToggle } from "./layout-toggle";
import { ListingFilterPanel } from "./listing-filter-panel";
import { PinnedListings } from "./pinned-listings";
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
  territories,
}: {
  categorySlug: string;
  /** The panel's "Shop by Category", given the panel's counts (by category slug). */
  categorySection?: (counts: ListingFacets["categories"] | undefined) => ReactNode;
  territories?: Territory[];
}) {
  const { filters, apiParams, update, activeCount } = useCategoryFilters();
  const [panelOpen, setPanelOpen] = useState(activeCount > 0);
  const panelId = useId();
  const params = { ...apiParams, category: categorySlug };
  const query = useListings(params);
  // The cards are drawn at low priority (lib/use-deferred-data); the count above them is not.
  const data = useDeferredData(query.data);
  const facets = useListingFacets(params).data;
  const gridColumns =
    filters.view === "list"
      ? "grid-cols-1"
      : panelOpen
        ? "grid-cols-2 md:grid-cols-3"
        : "grid-cols-2 md:grid-cols-3 xl:grid-cols-4";
  const sortValue = SORT_OPTIONS.some((o) => o.value === filters.sort)
    ? filters.sort
    : "best_match";

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-3 shadow-sm sm:p-4 lg:flex-row lg:items-center lg:justify-between">
        <KindFilter
          value={filters.kind}
          onChange={(kind) => update({ kind })}
          counts={facets?.kinds}
        />
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {query.data ? `${pluralize(query.data.total, "item")} found` : "\u00a0"}
          </p>
          <FilterButton
            open={panelOpen}
            onToggle={() => setPanelOpen((open) => !open)}
            panelId={panelId}
            activeCount={activeCount}
          />
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
            categorySection={categorySection?.(facets?.categories)}
            activeCount={activeCount}
            facets={facets}
            territories={territories}
          />
        )}
        <div className="min-w-0">
          {query.isError ? (
            <ErrorState
              message="We couldn't load this category's listings."
              onRetry={() => void query.refetch()}
            />
          ) : !data ? (
            // A screen of room while the first page loads: the footer stays below the fold.
            <PagePlaceholder label="Loading products..." />
          ) : data.items.length === 0 && (data.pinned?.length ?? 0) === 0 ? (
            <EmptyState
              title="No products found in this category."
              hint="Try adjusting your filters or check back later."
            >
              {data.suggestion && <DidYouMean suggestion={data.suggestion} />}
            </EmptyState>
          ) : (
            <>
              <PinnedListings
                items={data.pinned}
                renderList={(pinned) => (
                  <ul className={cn("grid gap-3 sm:gap-4", gridColumns)}>
                    {pinned.map((listing, index) => (
                      <li key={listing.id}>
                        {/* Featured cards come first: the first of them is the first picture. */}
                        <ProductCard
                          listing={listing}
                          layout={filters.view}
                          priority={index === 0 && (data.pinned?.length ?? 0) === 0}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              />
              <ul
                aria-busy={query.isFetching}
                className={cn(
                  "grid gap-3 sm:gap-4",
                  gridColumns,
                  query.isPlaceholderData && "opacity-60",
                )}
              >
                {data.items.map((listing, index) => (
                  <li key={listing.id}>
                    <ProductCard
                      listing={listing}
                      layout={filters.view}
                      priority={index === 0 && (data.pinned?.length ?? 0) === 0}
                    />
                  </li>
                ))}
              </ul>
              <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
