import { sql } from "drizzle-orm";
import type { SavedSearchQuery } from "../../../core/contracts/watching";
import { formatDeliveryDate, WORLD_DESTINATION } from "../../../core/delivery";
import { CONDITION_VALUES, conditionLabel } from "../../../core/listing";
import { formatMoney } from "../../../core/money";
import { parseSavedFilters, type SavedFilters } from "../../../core/saved-search-query";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { badRequest } from "../../errors";
import { keyColumns } from "./search-keys";

/**
 * Checks a query as /api/listings would (the same schema, so a saved search can hold nothing the
 * browse page would refuse) and answers its filters. A bad parameter is a 400 naming it.
 */
export function parseSavedQuery(query: SavedSearchQuery): SavedFilters {
  const parsed = parseSavedFilters(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "query";
    const message = issue?.message ?? "This search can't be saved";
    throw badRequest(message, { [`query.${field}`]: message });
  }
  return parsed.data;
}

/** Conditions in words in the order the filter panel lists them. */
const CONDITION_ORDER: string[] = [...CONDITION_VALUES, "used", "not_specified"];

/**
 * The filters in words, for the saved searches page: `"steel pan" in Music, Jamaica, auctions,
 * $10.00 to $50.00`. Category and territory names are read from the database (the query holds
 * slugs).
 */
export async function describeFilters(db: Db, f: SavedFilters): Promise<string> {
  const [names] = await rows<{
    category: string | null;
    territory: string | null;
    shipsTo: string | null;
  }>(
    db,
    sql`select
          (select name from categories where slug = ${f.category ?? ""}) as category,
          (select name from territories where slug = ${f.shipsTo ?? ""}) as "shipsTo",
          (select name from territories where slug = ${f.territory ?? ""}
             or id::text = ${f.territory ?? ""} limit 1) as territory`,
  );
  const parts: string[] = [];
  const what = f.search ? `"${f.search}"` : "All listings";
  parts.push(f.category ? `${what} in ${names?.category ?? f.category}` : what);
  if (f.territory) parts.push(names?.territory ?? f.territory);
  if (f.kind) parts.push(f.kind === "auction" ? "auctions" : "Buy It Now");
  const min = f.minPriceCents;
  const max = f.maxPriceCents;
  if (min !== undefined && max !== undefined)
    parts.push(`${formatMoney(min)} to ${formatMoney(max)}`);
  else if (min !== undefined) parts.push(`${formatMoney(min)} or more`);
  else if (max !== undefined) parts.push(`up to ${formatMoney(max)}`);
  if (f.condition && f.condition.length > 0)
    parts.push(
      [...new Set(f.condition)]
        .sort((a, b) => CONDITION_ORDER.indexOf(a) - CONDITION_ORDER.indexOf(b))
        .map((c) =>
          c === "used" ? "Used" : c === "not_specified" ? "Not Specified" : conditionLabel(c),
        )
        .join(" or "),
    );
  const delivery = [f.freeShipping && "free shipping", f.localPickup && "local pickup"].filter(
    Boolean,
  );
  if (delivery.length > 0) parts.push(delivery.join(" or "));
  if (f.shipsTo)
    parts.push(
      `ships to ${f.shipsTo === WORLD_DESTINATION ? "the rest of the world" : (names?.shipsTo ?? f.shipsTo)}`,
    );
  if (f.deliveryBy) parts.push(`delivered by ${formatDeliveryDate(f.deliveryBy)}`);
  if (f.featured) parts.push("featured");
  if (f.seller) parts.push(`sold by ${f.seller}`);
  if (f.status === "ended") parts.push("completed listings");
  if (f.status === "sold") parts.push("sold listings");
  return parts.join(", ");
}

/**
 * The columns the matching job reads (saved_searches.match_*): the same filters as
 * listings.service's `whereFor`, spread out so one join tests a new listing against every saved
 * search. `matchesNewListings` is false for a search no new listing can ever appear in (completed
 * or sold listings, or "ending soon" of Buy It Now items, which /listings shows none of).
 */
export function matchColumns(f: SavedFilters) {
  const endingSoon = f.sort === "ending_soon";
  const kind = endingSoon ? "auction" : (f.kind ?? null);
  return {
    matchCategory: f.category ?? null,
    matchTerritory: f.territory ?? null,
    matchSeller: f.seller ?? null,
    matchKind: kind,
    matchSearch: f.search ? f.search : null,
    // Computed by PostgreSQL on write, so it is the very query /listings runs.
    matchTsquery: f.search ? sql`websearch_to_tsquery('english', ${f.search})` : null,
    matchMinPriceCents: f.minPriceCents ?? null,
    matchMaxPriceCents: f.maxPriceCents ?? null,
    matchConditions: f.condition && f.condition.length > 0 ? [...new Set(f.condition)] : null,
    matchFreeShipping: f.freeShipping ?? false,
    matchLocalPickup: f.localPickup ?? false,
    matchFeatured: f.featured ?? false,
    matchesNewListings: f.status === "active" && !(endingSoon && f.kind === "fixed_price"),
  };
}

/** The match columns with the keys that find the search (search-keys.ts): what is stored. */
export async function matchingColumns(db: Db, f: SavedFilters) {
  return { ...matchColumns(f), ...(await keyColumns(db, f.search || undefined, !!f.category)) };
}
