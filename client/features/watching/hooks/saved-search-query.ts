import type { SavedSearchQuery } from "../../../../core/contracts/watching";
import { deliveryDatePassed } from "../../../../core/delivery";
import { parseMoneyToCents } from "../../../../core/money";

/**
 * Browse pages keep prices in dollars in their URL (`minPrice=25`) while the API, and so a saved
 * search, takes cents (`minPriceCents=2500`): these two pairs are the only names that differ.
 */
const PRICE_PARAMS = [
  ["minPrice", "minPriceCents"],
  ["maxPrice", "maxPriceCents"],
] as const;

/**
 * What a saved search leaves out: which page and how it is laid out. Everything else goes to the
 * server, which checks it with the /api/listings schema (unknown names are dropped there) and
 * keeps what changes the results, the order included (ending soon finds only auctions).
 */
const NOT_SAVED = new Set(["page", "pageSize", "view"]);

const REPEATABLE = new Set(["condition"]);

/**
 * A saved search's query from a browse page's URL parameters (plus what the page's path says,
 * such as a category page's slug). Empty values and "all categories" are left out.
 */
export function savedQueryFromParams(
  params: URLSearchParams,
  fromPath: Record<string, string> = {},
): SavedSearchQuery {
  const merged = new URLSearchParams(params);
  for (const [key, value] of Object.entries(fromPath)) merged.set(key, value);
  for (const [dollars, cents] of PRICE_PARAMS) {
    const amount = merged.get(dollars);
    merged.delete(dollars);
    if (amount && !merged.has(cents)) {
      const parsed = parseMoneyToCents(amount);
      if (parsed !== null) merged.set(cents, String(parsed));
    }
  }
  if (merged.get("category") === "all") merged.delete("category");

  const query: SavedSearchQuery = {};
  for (const key of new Set(merged.keys())) {
    if (NOT_SAVED.has(key)) continue;
    const values = merged
      .getAll(key)
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) continue;
    query[key] = REPEATABLE.has(key) ? [...new Set(values)] : (values[0] as string);
  }
  return query;
}

/** "1500" cents as the "15" (or "15.50") dollars /listings reads in minPrice and maxPrice. */
function dollarsFromCents(cents: string): string {
  const value = Number(cents);
  if (!Number.isFinite(value)) return cents;
  return value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2);
}

/** The browse URL that runs a saved search: /listings with the filters as that page reads them. */
export function savedSearchHref(query: SavedSearchQuery, now = new Date()): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // A delivery date gone by is left out, as the alerts leave it out (decision 0021).
    if (key === "deliveryBy" && typeof value === "string" && deliveryDatePassed(value, now))
      continue;
    const dollars = PRICE_PARAMS.find(([, cents]) => cents === key)?.[0];
    for (const item of [value].flat()) {
      if (dollars) params.append(dollars, dollarsFromCents(item));
      else params.append(key, item);
    }
  }
  const search = params.toString();
  return search ? `/listings?${search}` : "/listings";
}

/**
 * The name the save dialog proposes: the search text, in the category when there is one
 * ("guitar in Music"), else the category's name, else a plain "All listings".
 */
export function proposedSearchName(query: SavedSearchQuery, categoryName?: string): string {
  const text = typeof query.search === "string" ? query.search.trim() : "";
  const name = text && categoryName ? `${text} in ${categoryName}` : text || categoryName || "";
  return (name || "All listings").slice(0, 80);
}
