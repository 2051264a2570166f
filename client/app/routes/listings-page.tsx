import { useSearchParams } from "react-router";
import type { CategoryNode, ListingSort } from "../../../core/contracts/browse";
import { PageTitle } from "../../components/ui/page-title";
import { SelectField } from "../../components/ui/select-field";
import { useCategories } from "../../features/catalog/api/get-categories";
import { ListingResults } from "../../features/listings/components/listing-results";
import { readPage, readSort } from "../../features/listings/hooks/use-category-filters";

const SORT_OPTIONS: { value: ListingSort; label: string }[] = [
  { value: "newest", label: "Newest First" },
  { value: "price_asc", label: "Price (Low to High)" },
  { value: "price_desc", label: "Price (High to Low)" },
  { value: "ending_soon", label: "Ending Soon" },
];

function findCategory(nodes: CategoryNode[], slug: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.slug === slug) return node;
    const child = findCategory(node.children, slug);
    if (child) return child;
  }
  return undefined;
}

/** /listings: browse everything, or search results, by category and sort order. */
export function ListingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const categories = useCategories().data?.items ?? [];
  const search = searchParams.get("search")?.trim() ?? "";
  const rawCategory = searchParams.get("category") ?? "";
  const category = rawCategory === "all" ? "" : rawCategory;
  const sort = readSort(searchParams, "newest");
  const sortValue = SORT_OPTIONS.some((o) => o.value === sort) ? sort : "newest";
  const title = search ? `Search Results: "${search}"` : "Browse Listings";

  const categoryOptions = [
    { value: "", label: "All Categories" },
    ...categories.map((c) => ({ value: c.slug, label: c.name })),
  ];
  // A subcategory in the URL (from a link elsewhere) still shows its name in the dropdown.
  if (category && !categories.some((c) => c.slug === category)) {
    const node = findCategory(categories, category);
    categoryOptions.push({ value: category, label: node?.name ?? category });
  }

  const change = (key: string, value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8">
      <PageTitle title={title} />
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{title}</h1>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:flex">
          <SelectField
            label="Category"
            value={category}
            options={categoryOptions}
            onChange={(value) => change("category", value)}
            className="md:w-56"
          />
          <SelectField
            label="Sort by"
            value={sortValue}
            options={SORT_OPTIONS}
            onChange={(value) => change("sort", value === "newest" ? "" : value)}
            className="md:w-56"
          />
        </div>
      </div>
      <ListingResults
        params={{
          search: search || undefined,
          category: category || undefined,
          sort: sortValue,
          page: readPage(searchParams),
        }}
      />
    </div>
  );
}
