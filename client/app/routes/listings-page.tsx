import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CategoryNode, ListingSort } from "../../../core/contracts/browse";
import { PageTitle } from "../../components/ui/page-title";
import { SelectField } from "../../components/ui/select-field";
import { useCategories } from "../../features/catalog/api/get-categories";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { CategoryFilterList } from "../../features/catalog/components/category-filter-list";
import { TerritoryChip } from "../../features/catalog/components/territory-chip";
import { useListingFacets } from "../../features/listings/api/get-listing-facets";
import { FilterButton } from "../../features/listings/components/filter-button";
import { KindFilter } from "../../features/listings/components/kind-filter";
import { ListingFilterPanel } from "../../features/listings/components/listing-filter-panel";
import { ListingResults } from "../../features/listings/components/listing-results";
import { SearchOptions } from "../../features/listings/components/search-options";
import { SoldToggle } from "../../features/listings/components/sold-toggle";
import { useCategoryFilters } from "../../features/listings/hooks/use-category-filters";
import { SaveSearchButton } from "../../features/watching/components/save-search-button";
import { cn } from "../../lib/cn";

const SORT_OPTIONS: { value: ListingSort; label: string }[] = [
  { value: "newest", label: "Newest First" },
  { value: "price_asc", label: "Price (Low to High)" },
  { value: "price_desc", label: "Price (High to Low)" },
  { value: "ending_soon", label: "Ending Soon" },
];

const BEST_MATCH = { value: "best_match", label: "Best Match" } as const;

function findCategory(nodes: CategoryNode[], slug: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.slug === slug) return node;
    const child = findCategory(node.children, slug);
    if (child) return child;
  }
  return undefined;
}

/** Wide screens have room for the panel beside the results: it starts open there. */
function wideScreen(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(min-width: 1024px)").matches;
}

/**
 * /listings: browse everything, or search results (the header search, advanced search and saved
 * searches land here), by category and sort order, with the category page's filter panel.
 */
export function ListingsPage() {
  const [searchParams] = useSearchParams();
  const categories = useCategories().data?.items ?? [];
  const territories = useTerritories().data;
  const { filters, apiParams, update, activeCount } = useCategoryFilters("newest");
  const [panelOpen, setPanelOpen] = useState(() => activeCount > 0 || wideScreen());
  const panelId = useId();
  const rawCategory = searchParams.get("category") ?? "";
  const category = rawCategory === "all" ? "" : rawCategory;
  // Best Match ranks by the words (issue 30): offered, and the default, when there are words.
  const defaultSort: ListingSort = filters.search ? "best_match" : "newest";
  const sortOptions = filters.search ? [BEST_MATCH, ...SORT_OPTIONS] : SORT_OPTIONS;
  const sortValue = sortOptions.some((o) => o.value === filters.sort) ? filters.sort : defaultSort;
  const title = filters.search ? `Search Results: "${filters.search}"` : "Browse Listings";
  const params = { ...apiParams, category: category || undefined, sort: sortValue };
  const facets = useListingFacets(params).data;

  const categoryOptions = [
    { value: "", label: "All Categories" },
    ...categories.map((c) => ({ value: c.slug, label: c.name })),
  ];
  // A subcategory in the URL (from a link elsewhere) still shows its name in the dropdown.
  if (category && !categories.some((c) => c.slug === category)) {
    const node = findCategory(categories, category);
    categoryOptions.push({ value: category, label: node?.name ?? category });
  }

  /** This page with another category and every other filter kept (back to page 1). */
  const categoryHref = (slug: string) => {
    const next = new URLSearchParams(searchParams);
    next.delete("page");
    if (slug) next.set("category", slug);
    else next.delete("category");
    const query = next.toString();
    return query ? `/listings?${query}` : "/listings";
  };
  const refine = new URLSearchParams(searchParams);
  refine.delete("page");

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8">
      <PageTitle title={title} />
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{title}</h1>
          <Link
            to={`/advanced-search${refine.size > 0 ? `?${refine}` : ""}`}
            className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Advanced search
          </Link>
        </div>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:flex">
          <SelectField
            label="Category"
            value={category}
            options={categoryOptions}
            onChange={(value) => update({ category: value || null })}
            className="md:w-56"
          />
          <SelectField
            label="Sort by"
            value={sortValue}
            options={sortOptions}
            onChange={(value) => update({ sort: value === defaultSort ? null : value })}
            className="md:w-56"
          />
        </div>
      </div>
      <div className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-3 shadow-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:p-4">
        <KindFilter
          value={filters.kind}
          onChange={(kind) => update({ kind })}
          counts={facets?.kinds}
        />
        <div className="flex flex-wrap items-center gap-3">
          <SoldToggle filters={filters} onChange={update} />
          <FilterButton
            open={panelOpen}
            onToggle={() => setPanelOpen((open) => !open)}
            panelId={panelId}
            activeCount={activeCount}
          />
          <SaveSearchButton
            categoryName={category ? findCategory(categories, category)?.name : undefined}
          />
        </div>
      </div>
      <TerritoryChip
        territory={filters.territory}
        territories={territories}
        onClear={() => update({ territory: null })}
      />
      <SearchOptions filters={filters} onChange={update} />
      <div className={cn("grid gap-6", panelOpen && "lg:grid-cols-[17rem_1fr]")}>
        {panelOpen && (
          <ListingFilterPanel
            id={panelId}
            filters={filters}
            onChange={update}
            activeCount={activeCount}
            facets={facets}
            territories={territories}
            categorySection={
              <CategoryFilterList
                categories={categories}
                selected={category}
                counts={facets?.categories}
                hrefFor={categoryHref}
              />
            }
          />
        )}
        <div className="min-w-0">
          <ListingResults params={params} maxColumns={panelOpen ? 3 : 4} />
        </div>
      </div>
    </div>
  );
}
