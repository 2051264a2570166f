import type { ListingQuery } from "./contracts/browse";
import { listingQuerySchema } from "./contracts/browse";
import type { SavedSearchQuery } from "./contracts/watching";
import { defaultSort } from "./listing";

// A saved search's query in one canonical form, which the server stores (one saved search per
// form and user, issue 15) and the browse page computes to tell whether what it shows is saved.

/** Browse parameters that say which page to show, not what to find: never saved. */
const NOT_SAVED = new Set(["page", "pageSize"]);

/** The filters of a saved search, as parsed by the same schema /api/listings uses. */
export type SavedFilters = Omit<ListingQuery, "page" | "pageSize">;

/** The query's filters as /api/listings reads them (page and page size left out), or its issues. */
export function parseSavedFilters(query: SavedSearchQuery) {
  const input = Object.fromEntries(Object.entries(query).filter(([k]) => !NOT_SAVED.has(k)));
  const parsed = listingQuerySchema.safeParse(input);
  if (!parsed.success) return parsed;
  const { page: _page, pageSize: _pageSize, ...filters } = parsed.data;
  return { ...parsed, data: filters satisfies SavedFilters };
}

/**
 * The filters back in URL form, in a fixed order and without defaults: what is stored and what
 * the page puts after `/listings?` to run the search.
 */
export function canonicalQuery(f: SavedFilters): SavedSearchQuery {
  const out: SavedSearchQuery = {};
  const put = (key: string, value: string | number | boolean | undefined) => {
    if (value === undefined || value === "" || value === false) return;
    out[key] = String(value);
  };
  put("search", f.search);
  put("category", f.category);
  put("territory", f.territory);
  put("kind", f.kind);
  put("seller", f.seller);
  put("minPriceCents", f.minPriceCents);
  put("maxPriceCents", f.maxPriceCents);
  if (f.condition && f.condition.length > 0) out.condition = [...new Set(f.condition)].sort();
  put("freeShipping", f.freeShipping);
  put("localPickup", f.localPickup);
  put("featured", f.featured);
  for (const [key, value] of Object.entries(f)) {
    // Parameters /api/listings gained later (includeDescription, ...) are kept as given.
    if (!(key in out) && !KNOWN.has(key) && value !== undefined) out[key] = String(value);
  }
  if (f.status !== "active") out.status = f.status;
  // The default order depends on the words (Best Match with words, newest without): left out.
  if (f.sort !== defaultSort(f.search)) out.sort = f.sort;
  return out;
}

const KNOWN = new Set([
  "search",
  "category",
  "territory",
  "kind",
  "seller",
  "minPriceCents",
  "maxPriceCents",
  "condition",
  "freeShipping",
  "localPickup",
  "featured",
  "status",
  "sort",
]);

/** The canonical form of a query, or null when /api/listings would refuse it. */
export function canonicalSavedQuery(query: SavedSearchQuery): SavedSearchQuery | null {
  const parsed = parseSavedFilters(query);
  return parsed.success ? canonicalQuery(parsed.data) : null;
}

/** Whether two canonical queries are the same search, whatever the order of their keys. */
export function sameSavedQuery(a: SavedSearchQuery, b: SavedSearchQuery): boolean {
  const key = (q: SavedSearchQuery) =>
    JSON.stringify(Object.entries(q).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return key(a) === key(b);
}
