import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  CONDITION_FILTERS,
  CONDITION_VALUES,
  LISTING_QUERY_STATUSES,
  LISTING_SORTS,
  type ListingKind,
  type ListingSort,
  normalizeKind,
} from "../../../../core/listing";
import { parseMoneyToCents } from "../../../../core/money";
import { useDeliverTo } from "../../../lib/deliver-to";
import { rememberTerritory, useTerritoryChoice } from "../../../lib/territory-choice";
import type { ListingParams } from "../api/get-listings";

/** The panel's groups (new, used, not specified) and the exact conditions advanced search sends. */
export type ConditionFilter =
  | (typeof CONDITION_FILTERS)[number]
  | (typeof CONDITION_VALUES)[number];
export type ResultsView = "grid" | "list";
export type ListingStatusFilter = (typeof LISTING_QUERY_STATUSES)[number];

const CONDITION_CHOICES: readonly string[] = [...CONDITION_FILTERS, ...CONDITION_VALUES];

export interface CategoryFilters {
  kind: ListingKind | null;
  sort: ListingSort;
  /** Dollar amounts as typed into the URL ("25", "99.50"). */
  minPrice: string;
  maxPrice: string;
  conditions: ConditionFilter[];
  freeShipping: boolean;
  localPickup: boolean;
  /** Best Offer: only listings that take offers. */
  acceptsOffers: boolean;
  /** A territory slug, or "" for every territory (remembered for the visit). */
  territory: string;
  /** Ships to my territory (issue 29): the buyer's Deliver to, when ticked (`shipsTo` in the URL). */
  shipsTo: string;
  /** With shipsTo: estimated to arrive by this date, YYYY-MM-DD ("" for any time). */
  deliveryBy: string;
  /** The buyer's Deliver to (lib/deliver-to), which "Ships to my territory" ticks in; null until chosen. */
  deliverTo: string | null;
  /** What advanced search adds: search text, titles only, a seller, completed or sold. */
  search: string;
  titlesOnly: boolean;
  seller: string;
  status: ListingStatusFilter;
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

function readStatus(params: URLSearchParams): ListingStatusFilter {
  const status = params.get("status");
  return (LISTING_QUERY_STATUSES as readonly string[]).includes(status ?? "")
    ? (status as ListingStatusFilter)
    : "active";
}

/**
 * The browse pages' filters live in the URL (shareable, back-button friendly, and what a saved
 * search stores). This reads them, turns them into the API's query, and writes changes back
 * (returning to page 1). The territory also comes from the visit's choice (lib/territory-choice).
 */
export function useCategoryFilters(defaultSort: ListingSort = "best_match") {
  const [searchParams, setSearchParams] = useSearchParams();
  const { territory } = useTerritoryChoice();
  const { deliverTo } = useDeliverTo();

  const filters = useMemo<CategoryFilters>(() => {
    const rawKind = searchParams.get("kind");
    // `q`, the usual name for search text in a link, is read as `search` (so is the API's).
    const search = (searchParams.get("search")?.trim() || searchParams.get("q")?.trim()) ?? "";
    return {
      kind: rawKind ? normalizeKind(rawKind) : null,
      // With words the default is Best Match (issue 30), as the API's.
      sort: readSort(searchParams, search ? "best_match" : defaultSort),
      minPrice: searchParams.get("minPrice") ?? "",
      maxPrice: searchParams.get("maxPrice") ?? "",
      conditions: [
        ...new Set(
          searchParams
            .getAll("condition")
            .filter((c): c is ConditionFilter => CONDITION_CHOICES.includes(c)),
        ),
      ],
      freeShipping: searchParams.get("freeShipping") === "true",
      localPickup: searchParams.get("localPickup") === "true",
      acceptsOffers: searchParams.get("acceptsOffers") === "true",
      territory,
      search,
      shipsTo: searchParams.get("shipsTo") ?? "",
      deliveryBy: /^\d{4}-\d{2}-\d{2}$/.test(searchParams.get("deliveryBy") ?? "")
        ? (searchParams.get("deliveryBy") as string)
        : "",
      deliverTo,
      titlesOnly: searchParams.get("includeDescription") === "false",
      seller: searchParams.get("seller")?.trim() ?? "",
      status: readStatus(searchParams),
      page: readPage(searchParams),
      view: searchParams.get("view") === "list" ? "list" : "grid",
    };
  }, [searchParams, territory, defaultSort, deliverTo]);

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
      acceptsOffers: filters.acceptsOffers || undefined,
      territory: filters.territory || undefined,
      shipsTo: filters.shipsTo || undefined,
      deliveryBy: filters.shipsTo && filters.deliveryBy ? filters.deliveryBy : undefined,
      search: filters.search || undefined,
      includeDescription: filters.search && filters.titlesOnly ? false : undefined,
      seller: filters.seller || undefined,
      status: filters.status === "active" ? undefined : filters.status,
      page: filters.page,
    };
  }, [filters]);

  const update = useCallback(
    (changes: FilterUpdate, { keepPage = false }: { keepPage?: boolean } = {}) => {
      // Choosing or clearing a territory here is the visit's choice too.
      if ("territory" in changes) {
        const value = changes.territory;
        rememberTerritory(typeof value === "string" ? value : "");
      }
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
    (filters.localPickup ? 1 : 0) +
    (filters.acceptsOffers ? 1 : 0) +
    (filters.territory ? 1 : 0) +
    (filters.shipsTo ? 1 : 0) +
    (filters.shipsTo && filters.deliveryBy ? 1 : 0);

  return { filters, apiParams, update, activeCount };
}
