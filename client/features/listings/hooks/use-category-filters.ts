import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { LISTING_SORTS, type ListingSort } from "../../../../core/contracts/browse";
import { CONDITION_FILTERS, type ListingKind, normalizeKind } from "../../../../core/listing";
import { parseMoneyToCents } from "../../../../core/money";
import type { ListingParams } from "../api/get-listings";

export type ConditionFilter = (typeof CONDITION_FILTERS)[number];
export type ResultsView = "grid" | "list";

export interface CategoryFilters {
  kind: ListingKind | null;
  sort: ListingSort;
  /** Dollar amounts as typed into the URL ("25", "99.50"). */
  minPrice: string;
  maxPrice: string;
  conditions: ConditionFilter[];
  freeShipping: boolean;
  localPickup: boolean;
  page: number;
  view: ResultsView;
}

export type FilterUpdate = Partial<Record<string, string | string[] | null>>;

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function readSort(params: URLSearchParams, fallback: ListingSort): ListingSort {
  const sort = params.get("sort");
  return (LISTING_SORTS as readonly string[]).includes(sort ?? "")
    ? (sort as ListingSort)
    : fallback;
}

/**
 * The category page's filters live in the URL (shareable, back-button friendly). This reads
 * them, turns them into the API's query, and writes changes back (returning to page 1).
 */
export function useCategoryFilters() {
  const [searchParams, setSearchParams] = useSearchParams();

  const filters = useMemo<CategoryFilters>(() => {
    const rawKind = searchParams.get("kind");
    return {
      kind: rawKind ? normalizeKind(rawKind) : null,
      sort: readSort(searchParams, "best_match"),
      minPrice: searchParams.get("minPrice") ?? "",
      maxPrice: searchParams.get("maxPrice") ?? "",
      conditions: searchParams
        .getAll("condition")
        .filter((c): c is ConditionFilter => (CONDITION_FILTERS as readonly string[]).includes(c)),
      freeShipping: searchParams.get("freeShipping") === "true",
      localPickup: searchParams.get("localPickup") === "true",
      page: readPage(searchParams),
      view: searchParams.get("view") === "list" ? "list" : "grid",
    };
  }, [searchParams]);

  const apiParams = useMemo<ListingParams>(() => {
    const minPriceCents = filters.minPrice ? parseMoneyToCents(filters.minPrice) : null;
    const maxPriceCents = filters.maxPrice ? parseMoneyToCents(filters.maxPrice) : null;
    return {
      kind: filters.kind ?? undefined,
      sort: filters.sort,
      minPriceCents: minPriceCents ?? undefined,
      maxPriceCents: maxPriceCents ?? undefined,
      condition: filters.conditions.length > 0 ? filters.conditions : undefined,
      freeShipping: filters.freeShipping || undefined,
      localPickup: filters.localPickup || undefined,
      page: filters.page,
    };
  }, [filters]);

  const update = useCallback(
    (changes: FilterUpdate, { keepPage = false }: { keepPage?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            next.delete(key);
            if (value === null || value === undefined || value === "") continue;
            if (Array.isArray(value)) for (const item of value) next.append(key, item);
            else next.set(key, value);
          }
          if (!keepPage) next.delete("page");
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const activeCount =
    (filters.minPrice ? 1 : 0) +
    (filters.maxPrice ? 1 : 0) +
    filters.conditions.length +
    (filters.freeShipping ? 1 : 0) +
    (filters.localPickup ? 1 : 0);

  return { filters, apiParams, update, activeCount };
}
