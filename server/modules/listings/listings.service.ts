import { type SQL, sql } from "drizzle-orm";
import { maskBidderName } from "../../../core/bidder-name";
import { auctionState } from "../../../core/bidding";
import type { ListingModeration } from "../../../core/contracts/admin";
import {
  type BidHistory,
  EXACT_TOTAL_LIMIT,
  type ListingCard,
  type ListingDetail,
  type ListingImage,
  type ListingPage,
  type ListingQuery,
} from "../../../core/contracts/browse";
import { DEFAULT_HANDLING_DAYS } from "../../../core/delivery";
import { ERROR_CODES } from "../../../core/errors";
import { FEATURED_PINNED_MAX } from "../../../core/fees";
import type { Db } from "../../db/client";
import { isoTime, preparedRows, rows, uuidList } from "../../db/rows";
import { notFound } from "../../errors";
import { minNextBid } from "../auction-rules/auction-rules";
import { reservedUnits } from "../stock/reservations";
import {
  type DeliveryRow,
  type DestinationScope,
  deliveredByCondition,
  deliveryOf,
  deliverySelect,
  destinationOf,
  destinationSlugs,
  shipsToCondition,
  WORLD_DESTINATION,
} from "./listing-delivery";
import {
  activeListingCondition,
  displayPriceExpression,
  endedListingCondition,
  publicListingCondition,
  soldListingCondition,
  soldPriceExpression,
} from "./listing-visibility";

interface ListingRow extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  kind: "auction" | "fixed_price";
  condition: string | null;
  price_cents: number;
  quantity: number;
  shipping_cents: number;
  local_pickup: boolean;
  status: "active" | "ended" | "sold";
  created_at: Date | string;
  return_policy_days: number;
  specifications: Record<string, string> | null;
  category_slug: string;
  category_name: string;
  sub_slug: string | null;
  sub_name: string | null;
  territory_id: string;
  territory_name: string;
  seller_id: string;
  seller_username: string;
  seller_avatar_url: string | null;
  rating_total: number;
  rating_count: number;
  start_price_cents: number | null;
  current_bid_cents: number | null;
  bid_count: number | null;
  end_time: Date | string | null;
  reserve_price_cents: number | null;
  buy_it_now_price_cents: number | null;
  leader_id: string | null;
  /** The database's clock when the row was read: the one the WHERE clause's "open" used. */
  read_at: Date | string;
  /** Units other buyers' open checkouts hold (the viewer's own are theirs): `reservedUnits`. */
  reserved_quantity: number;
  display_price_cents: number;
  accepts_offers: boolean;
  /** The auction's minimum next bid (null for fixed price): `minNextBid` (auction-rules.ts). */
  min_next_bid_cents: number | null;
  image_url: string | null;
  image_thumb_url: string | null;
  image_width: number | null;
  image_height: number | null;
  sold_price_cents: number | null;
  sold_at: Date | string | null;
  featured: boolean;
  bold_title: boolean;
  subtitle: string | null;
  gallery_plus: boolean;
}

/**
 * A card's columns, with its first image and, for an auction, its minimum next bid: read with the
 * listing rather than by two more statements (issue 18). The minimum comes from
 * `minNextBid` (auction-rules.ts), the rule place_bid() applies.
 */
const cardColumnsFor = (viewerId: string | null) => sql`
    l.id, l.title, l.description, l.kind, l.condition, l.price_cents, l.quantity,
    l.shipping_cents, l.local_pickup, l.status, l.created_at, l.return_policy_days, l.specifications,
    l.accepts_offers, l.featured, l.bold_title, l.subtitle, l.gallery_plus,
    c.slug as category_slug, c.name as category_name, sc.slug as sub_slug, sc.name as sub_name,
    t.id as territory_id, t.name as territory_name,
    u.id as seller_id, u.username as seller_username, u.avatar_url as seller_avatar_url,
    u.rating_total, u.rating_count,
    a.start_price_cents, a.current_bid_cents, a.bid_count, a.end_time, a.reserve_price_cents, a.leader_id,
    a.buy_it_now_price_cents, now() as read_at,
    ${minNextBid(sql`a.start_price_cents`, sql`a.current_bid_cents`)} as min_next_bid_cents,
    img.url as image_url, img.thumb_url as image_thumb_url, img.width as image_width,
    img.height as image_height,
    ${displayPriceExpression} as display_price_cents,
    ${soldPriceExpression} as sold_price_cents, l.sold_at,
    ${reservedUnits(sql`l.id`, viewerId)} as reserved_quantity`;
const cardColumns = cardColumnsFor(null);

/** What a card's columns read besides `listings l`. */
const cardJoins = sql`
  join categories c on c.id = l.category_id
  left join categories sc on sc.id = l.subcategory_id
  join territories t on t.id = l.territory_id
  join users u on u.id = l.seller_id
  left join auction_settings a on a.listing_id = l.id
  left join lateral (select i.url, i.thumb_url, i.width, i.height from listing_images i
    where i.listing_id = l.id order by i.position limit 1) img on true`;

const selectListingFor = (viewerId: string | null) =>
  sql`select ${cardColumnsFor(viewerId)} from listings l ${cardJoins}`;
const selectListing = sql`select ${cardColumns} from listings l ${cardJoins}`;

/** The joins a count or a filter needs (no categories: `whereFor` looks those up by slug). */
export const fromListing = sql`
  from listings l
  join territories t on t.id = l.territory_id
  join users u on u.id = l.seller_id
  left join auction_settings a on a.listing_id = l.id`;

/** Average feedback rounded to one decimal, or null for a seller nobody has rated ("New"). */
export function sellerRating(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}

function toCard(row: ListingRow): ListingCard {
  const auction =
    row.kind === "auction" && row.end_time !== null
      ? auctionState(
          {
            startPriceCents: row.start_price_cents ?? row.price_cents,
            currentBidCents: row.current_bid_cents,
            bidCount: row.bid_count ?? 0,
            endsAt: row.end_time,
            reservePriceCents: row.reserve_price_cents,
            buyItNowPriceCents: row.buy_it_now_price_cents,
            leaderId: row.leader_id,
            status: row.status,
            minNextBidCents: row.min_next_bid_cents ?? row.start_price_cents ?? row.price_cents,
          },
          new Date(row.read_at),
        )
      : null;
  // An auction past its end reads as ended even before settlement has recorded it.
  const status = row.status === "active" && auction?.ended ? "ended" : row.status;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    category: { slug: row.category_slug, name: row.category_name },
    subcategory: row.sub_slug && row.sub_name ? { slug: row.sub_slug, name: row.sub_name } : null,
    territory: { id: row.territory_id, name: row.territory_name },
    condition: row.condition,
    image: firstImage(row),
    priceCents: row.price_cents,
    displayPriceCents: Number(row.display_price_cents),
    quantity: Math.max(0, row.quantity - row.reserved_quantity),
    shippingCents: row.shipping_cents,
    localPickup: row.local_pickup,
    status,
    createdAt: isoTime(row.created_at),
    seller: {
      id: row.seller_id,
      username: row.seller_username,
      avatarUrl: row.seller_avatar_url,
      rating: sellerRating(row.rating_total, row.rating_count),
      ratingCount: row.rating_count,
    },
    auction,
    // Offers are taken only while it is on sale at a fixed price (a stale flag says nothing).
    acceptsOffers: row.accepts_offers && row.kind === "fixed_price",
    soldPriceCents: row.sold_price_cents === null ? null : Number(row.sold_price_cents),
    soldAt: row.sold_at === null ? null : isoTime(row.sold_at),
    featured: row.featured,
    boldTitle: row.bold_title,
    subtitle: row.subtitle,
    galleryPlus: row.gallery_plus,
  };
}

/** The card's picture: the listing's first, read by the card's lateral join (null without one). */
function firstImage(row: ListingRow): ListingImage | null {
  const {
    image_url: url,
    image_thumb_url: thumbUrl,
    image_width: width,
    image_height: height,
  } = row;
  if (url === null || thumbUrl === null || width === null || height === null) return null;
  return { url, thumbUrl, width, height };
}

/** Turns listing rows (each with its first image and bid increment) into cards. */
function toCards(rows: ListingRow[]): ListingCard[] {
  return rows.map(toCard);
}

/**
 * Where a category's listings are: a top-level category's in `category_id` (every listing's
 * category is top-level), a subcategory's in `subcategory_id` (always a child of the category).
 * Resolved before the query so that one column, and so one index, serves it; null when no category
 * has the slug.
 */
export interface CategoryScope {
  id: string;
  topLevel: boolean;
}

export async function categoryScope(db: Db, slug: string): Promise<CategoryScope | null> {
  const found = await rows<{ id: string; parent_id: string | null }>(
    db,
    sql`select id, parent_id from categories where slug = ${slug}`,
  );
  const row = found[0];
  return row ? { id: row.id, topLevel: row.parent_id === null } : null;
}

export interface WhereOptions {
  /** The category already resolved (categoryScope); unset, it is looked up inside the query. */
  category?: CategoryScope | null;
  /** The "ships to" territory already resolved (destinationScope); unset or null, looked up inside. */
  destination?: DestinationScope | null;
}

/**
 * Per app instance (listings.routes.ts): the territories of the "delivery by" destinations asked
 * for lately, by slug, for ten minutes. Territories are seeded, never edited by the app, so a
 * request for a known destination needs no statement to look them up.
 */
export interface DestinationMemo {
  /** The scope (null: no such territory), or undefined when not known. */
  get(slug: string): DestinationScope | null | undefined;
  set(slug: string, scope: DestinationScope | null): void;
}

export function createDestinationMemo(ttlMs = 600_000, now = () => Date.now()): DestinationMemo {
  const known = new Map<string, { scope: DestinationScope | null; until: number }>();
  return {
    get(slug) {
      const entry = known.get(slug);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.scope;
      known.delete(slug);
      return undefined;
    },
    set(slug, scope) {
      // Slugs are a closed set (the territories and "world"), so the map stays small.
      known.set(slug, { scope, until: now() + ttlMs });
    },
  };
}

/**
 * What a browse query's WHERE looks up before it (whereFor's options), in one statement: its
 * category, and for "delivery by" its destination (the ids as literals let the planner choose
 * between the delivery indexes and the newest-first walk; "ships to" alone looks its territory up
 * inside the query and saves the round trip).
 */
export async function resolveWhereOptions(
  db: Db,
  q: Pick<ListingQuery, "category" | "shipsTo" | "deliveryBy">,
  destinations?: DestinationMemo,
): Promise<WhereOptions> {
  const dest = q.shipsTo && q.deliveryBy && q.shipsTo !== WORLD_DESTINATION ? q.shipsTo : undefined;
  const known = dest ? destinations?.get(dest) : undefined;
  if (!dest || known !== undefined) {
    const options: WhereOptions = known !== undefined ? { destination: known } : {};
    if (q.category) options.category = await categoryScope(db, q.category);
    return options;
  }
  const slugs = destinationSlugs(dest);
  const categoryRows = q.category
    ? sql`select 'category' as kind, id, slug, parent_id from categories where slug = ${q.category}
        union all `
    : sql``;
  const found = await rows<{ kind: string; id: string; slug: string; parent_id: string | null }>(
    db,
    sql`${categoryRows}select 'territory' as kind, id, slug, null::uuid as parent_id
        from territories where slug in ${slugs}`,
  );
  const options: WhereOptions = {
    destination: destinationOf(
      dest,
      found.filter((r) => r.kind === "territory"),
    ),
  };
  destinations?.set(dest, options.destination ?? null);
  if (q.category) {
    const category = found.find((r) => r.kind === "category");
    options.category = category ? { id: category.id, topLevel: category.parent_id === null } : null;
  }
  return options;
}

const statusConditions: Record<ListingQuery["status"], SQL> = {
  active: activeListingCondition,
  ended: endedListingCondition,
  sold: soldListingCondition,
  completed: sql`(${endedListingCondition} or ${soldListingCondition})`,
};

/**
 * The WHERE clause for a browse query. It reads the listing `l` alone (territory and seller
 * through scalar subqueries), so that it also filters `listings l` with no join, and each filter
 * and sort can be served by the listing's own indexes (issue 18); `fromListing` still joins what
 * the facets group by. Ids of listings to leave out are optional.
 */
export function whereFor(
  q: Partial<ListingQuery>,
  excludeIds: string[] = [],
  options: WhereOptions = {},
): SQL {
  const parts: SQL[] = [];
  parts.push(statusConditions[q.status ?? "active"]);
  if (q.category) {
    const scope = options.category;
    if (scope === undefined) {
      // A top-level slug matches its whole subtree; a subcategory slug just itself.
      parts.push(sql`(l.category_id in (select id from categories where slug = ${q.category})
        or l.subcategory_id in (select id from categories where slug = ${q.category}))`);
    } else if (scope === null) {
      parts.push(sql`false`);
    } else if (scope.topLevel) {
      parts.push(sql`l.category_id = ${scope.id}`);
    } else {
      parts.push(sql`l.subcategory_id = ${scope.id}`);
    }
  }
  // Slugs and ids are unique and a slug never reads as a UUID, so at most one row answers.
  if (q.territory) {
    parts.push(sql`l.territory_id = (select id from territories
      where slug = ${q.territory} or id::text = ${q.territory})`);
  }
  if (q.seller) {
    parts.push(sql`l.seller_id = (select id from users
      where username = ${q.seller} or id::text = ${q.seller})`);
  }
  if (q.kind) parts.push(sql`l.kind = ${q.kind}`);
  if (q.search) parts.push(textCondition(q.search, q.includeDescription));
  if (q.minPriceCents !== undefined)
    parts.push(sql`${displayPriceExpression} >= ${q.minPriceCents}`);
  if (q.maxPriceCents !== undefined)
    parts.push(sql`${displayPriceExpression} <= ${q.maxPriceCents}`);
  if (q.condition && q.condition.length > 0) {
    const exact = q.condition.filter((c) => c !== "used" && c !== "not_specified");
    const anyOf: SQL[] = [];
    if (exact.length > 0) anyOf.push(sql`l.condition in ${exact}`);
    if (q.condition.includes("used"))
      anyOf.push(sql`(l.condition is not null and l.condition <> 'new')`);
    if (q.condition.includes("not_specified")) anyOf.push(sql`l.condition is null`);
    parts.push(sql`(${sql.join(anyOf, sql` or `)})`);
  }
  // The delivery checkboxes are one group: ticking both means either way of getting it.
  const delivery: SQL[] = [];
  if (q.freeShipping) delivery.push(sql`l.shipping_cents = 0`);
  if (q.localPickup) delivery.push(sql`l.local_pickup`);
  if (delivery.length > 0) parts.push(sql`(${sql.join(delivery, sql` or `)})`);
  // Delivery by destination (issue 29, decision 0021).
  if (q.shipsTo) parts.push(shipsToCondition(q.shipsTo, options.destination));
  if (q.shipsTo && q.deliveryBy)
    parts.push(deliveredByCondition(q.shipsTo, q.deliveryBy, new Date(), options.destination));
  if (q.featured) parts.push(sql`l.featured`);
  // Only a fixed-price listing takes offers; the partial index listings_open_offers_idx holds these.
  if (q.acceptsOffers) parts.push(sql`l.accepts_offers and l.kind = 'fixed_price'`);
  // Ending soon and most bids (trending) are about auctions: only auctions have an end and bids.
  if (q.sort === "ending_soon" || q.sort === "most_bids") parts.push(sql`l.kind = 'auction'`);
  if (excludeIds.length > 0) parts.push(sql`l.id not in ${excludeIds}`);
  return sql.join(parts, sql` and `);
}

/**
 * Whether the listing matches the search text by words (issue 30): whole words and their English
 * forms ("table" finds "Tables", not "Adjustable"), a phrase in quotes as that phrase, `or` and
 * `-word` as websearch_to_tsquery reads them. Served by the search_vector GIN index. No prefix or
 * substring match: a part of a word finds nothing, and "Did you mean" (searchSuggestion) offers the
 * word it is nearest to (decision 0018).
 */
export function textCondition(
  search: string,
  includeDescription: boolean | undefined,
  once = false,
): SQL {
  const words = tsquery(search, once);
  if (includeDescription === false) {
    // Titles only: the title's words carry weight A in search_vector (the index finds the
    // candidates, ts_filter keeps those that match on the title).
    return sql`(l.search_vector @@ ${words} and ts_filter(l.search_vector, '{a}') @@ ${words})`;
  }
  return sql`l.search_vector @@ ${words}`;
}

/**
 * The search text as a tsquery. `once`: as a scalar subquery, which PostgreSQL computes once per
 * run even in a generic plan, where a call on a parameter would be computed again for every row
 * tested (preparedRows).
 */
function tsquery(search: string, once: boolean): SQL {
  return once
    ? sql`(select websearch_to_tsquery('english', ${search}))`
    : sql`websearch_to_tsquery('english', ${search})`;
}

/**
 * Best Match's order for search text (issue 30): listings whose title holds the words first, then
 * by ts_rank (title words weigh A, description words B, so a title match ranks above the same
 * words in a description), then the fresher by the day it was listed, then the seller's average
 * feedback (unrated last) and its count, then newest and id so that pages never overlap.
 */
export function bestMatchOrder(search: string, once = false, sellerJoined = false): SQL {
  const words = tsquery(search, once);
  // `sellerJoined`: the seller's row is joined as `u` (the ranked candidates); else read by key.
  const seller = (column: SQL) =>
    sellerJoined ? column : sql`(select ${column} from users u where u.id = l.seller_id)`;
  return sql`(ts_filter(l.search_vector, '{a}') @@ ${words}) desc,
    ts_rank(l.search_vector, ${words}) desc,
    date_trunc('day', l.created_at, 'UTC') desc,
    ${seller(sql`case when u.rating_count > 0 then u.rating_total::float8 / u.rating_count end`)} desc nulls last,
    ${seller(sql`u.rating_count`)} desc,
    l.created_at desc, l.id`;
}

function orderFor(q: Partial<ListingQuery>): SQL {
  switch (q.sort) {
    case "price_asc":
      return sql`${displayPriceExpression} asc, l.created_at desc, l.id`;
    case "price_desc":
      return sql`${displayPriceExpression} desc, l.created_at desc, l.id`;
    // The auction's end and bid count as the listing holds them (listing-sync.sql keeps them
    // equal to auction_settings'), the order the ending and bids indexes keep.
    case "ending_soon":
      return sql`l.auction_ends_at asc, l.id`;
    case "most_bids":
      return sql`coalesce(l.auction_bid_count, 0) desc, l.created_at desc, l.id`;
    case "best_match":
      // Without search text the spec orders best match like newest.
      return q.search ? bestMatchOrder(q.search) : sql`l.created_at desc, l.id`;
    default:
      return sql`l.created_at desc, l.id`;
  }
}

/**
 * Up to this many matches, a text search finds its matches first (by the text indexes) and sorts
 * them; past it, the listings are walked in the sort's index order and tested one by one, which
 * finds a page of a common word's matches sooner than sorting them all (decision 0012).
 */
export const MATCH_FIRST_LIMIT = 2_000;

/**
 * The searches (filters and sort, not the page) found to match more than the exact-total limit,
 * for a minute (issue 18): past the limit the total says "10,000+" whatever the exact number, and
 * a search matching over 10,000 listings does not fall under it within a minute, so the next
 * pages and the next visitors asking the same need not count again. Exact totals are always
 * counted. One per app instance (listings.routes.ts); bounded, oldest forgotten first.
 */
export interface OverLimitCache {
  has(key: string): boolean;
  add(key: string): void;
  /**
   * The searches counted under the limit meanwhile, kept as long: counted again on each request
   * (their totals are exact) without asking the planner for an estimate first.
   */
  counted?: OverLimitCache;
}

export function createOverLimitCache(
  ttlMs = 60_000,
  maxEntries = 10_000,
  now = () => Date.now(),
  withCounted = true,
): OverLimitCache {
  const until = new Map<string, number>();
  return {
    counted: withCounted ? createOverLimitCache(ttlMs, maxEntries, now, false) : undefined,
    has(key) {
      const expiry = until.get(key);
      if (expiry === undefined) return false;
      if (expiry > now()) return true;
      until.delete(key);
      return false;
    },
    add(key) {
      until.delete(key);
      until.set(key, now() + ttlMs);
      // A Map iterates in insertion order: the first key is the oldest.
      if (until.size > maxEntries) {
        const oldest = until.keys().next().value;
        if (oldest !== undefined) until.delete(oldest);
      }
    },
  };
}

/** The part of a query its total depends on: everything but the page. */
function totalKey(q: ListingQuery, limit: number): string {
  const { page: _page, pageSize: _pageSize, ...filters } = q;
  // The names are ASCII identifiers: code-unit order, not localeCompare's collation (several µs).
  return JSON.stringify([limit, Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1))]);
}

/** How many listings match `where`, no further than `limit` + 1: a scalar subquery. */
const cappedCountOf = (where: SQL, limit: number) =>
  sql`(select count(*)::int from (select 1 from listings l where ${where}
    limit ${limit + 1}) capped)`;

/** How many listings match `where`, counting no further than `limit` + 1. */
async function cappedCount(db: Db, where: SQL, limit: number): Promise<number> {
  const result = await rows<{ n: number }>(db, sql`select ${cappedCountOf(where, limit)} as n`);
  return Number(result[0]?.n ?? 0);
}

/**
 * `cappedCount`, or `limit` + 1 without counting when the planner expects at least `limit`
 * matches (issue 32): counting a common word to the exact-total limit reads that many rows (about
 * 200 ms at a million listings, on each instance's first request of it), the estimate costs a
 * plan. The estimate errs: "vintage" is planned at 12,721 open matches of 23,468, so an estimate
 * over the limit is taken as it is; one that overshoots shows "10,000+" for a search with fewer.
 * Small limits (tests, and where counting costs less than planning) are always counted.
 */
async function cappedOrEstimatedCount(db: Db, where: SQL, limit: number): Promise<number> {
  if (limit < MATCH_FIRST_LIMIT) return cappedCount(db, where, limit);
  const plan = await rows<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    db,
    sql`explain (format json) select 1 from listings l where ${where}`,
  );
  const estimate = Number(plan[0]?.["QUERY PLAN"]?.[0]?.Plan["Plan Rows"] ?? 0);
  if (estimate >= limit) return limit + 1;
  return cappedCount(db, where, limit);
}

/**
 * Best Match ranks at most this many of a search's matches when it has more than
 * MATCH_FIRST_LIMIT: the newest this many (a walk of the newest index, or the text index's matches
 * sorted by date, as the planner finds cheaper), ranked; the rest follow newest first. Ranking every
 * match of a common word at a million listings means reading each match's search_vector, tens of
 * thousands of rows per request (decision 0018).
 */
export const BEST_MATCH_CANDIDATES = 200;

/**
 * Whether every word of a search text must be in a match, as websearch_to_tsquery reads it: no
 * `or` and no `-word`. Only a hint for choosing the plan: search_query_signature itself sets no
 * bits for a query with OR or NOT, so a wrong guess costs time, never a match.
 */
const HAS_OR_OR_NOT = /(^|\s)-|(^|\s)or(\s|$)/i;

/**
 * The newest listings matching `where`, `columns` of each, walked newest first. With words that
 * must all be in a match (`signed`), the walk is an index-only scan of the newest-first index that
 * tests each listing's word signature (search_sig, in the index's INCLUDE) against the search's,
 * and reads from the table only the listings that pass, where the words themselves are tested:
 * about one in ten of those the plain walk would read for a word in one listing of twenty
 * (decision 0018, "The word signature").
 */
function newestMatches(
  columns: SQL,
  where: SQL,
  signed: { rest: SQL; search: string; includeDescription: boolean | undefined } | null,
  limit: number,
  offset: number,
): SQL {
  if (!signed) {
    return sql`select ${columns} from listings l where ${where}
      order by l.created_at desc, l.id limit ${limit} offset ${offset}`;
  }
  // Scalar subqueries: computed once per run, also in the generic plan of a named statement.
  const wanted = sql`(select search_query_signature(websearch_to_tsquery('english', ${signed.search})))`;
  // Written in this join order on purpose: browse connections plan joins in the order written
  // (BROWSE_PLANNER_SETTINGS), so the walk stays the outer, ordered side and stops at the limit.
  return sql`select ${columns}
    from (select l.id, l.created_at from listings l
      where ${signed.rest} and (l.search_sig & ${wanted}) = ${wanted}
      order by l.created_at desc, l.id) s
    join listings l on l.id = s.id
    where ${textCondition(signed.search, signed.includeDescription, true)}
    order by s.created_at desc, s.id limit ${sql.raw(String(Math.trunc(limit)))} offset ${offset}`;
}

/**
 * The page's ids in order: the filters, the sort and the plan (decision 0012, 0018). `prepared`:
 * the statement reading them may be sent by name (preparedRows), its plan the same whatever the
 * words, and every value a row is tested against computed once (decision 0030).
 */
function pageIdsQuery(
  q: ListingQuery,
  where: SQL,
  options: WhereOptions,
  counted: number,
  offset: number,
): { query: SQL; prepared: boolean; pinnedWalk?: SQL } {
  const order = orderFor(q);
  const limit = q.pageSize;
  const hasWords = Boolean(q.search);
  // Best Match's walk to a common word's newest 200 matches, with the word signature when it can
  // help. A newest-first page of the same word stays a plain walk: it stops after about 500
  // listings, where reading the matches again by primary key cost as much as it saved (6% more
  // in bench:compare, decision 0018).
  const signed =
    q.search &&
    q.sort === "best_match" &&
    counted > MATCH_FIRST_LIMIT &&
    !HAS_OR_OR_NOT.test(q.search)
      ? {
          rest: whereFor({ ...q, search: undefined }, [], options),
          search: q.search,
          includeDescription: q.includeDescription,
        }
      : null;
  if (hasWords && q.sort === "best_match" && counted > MATCH_FIRST_LIMIT) {
    // Too many to rank: the newest BEST_MATCH_CANDIDATES matches ranked, then every other match
    // newest first. Positions from BEST_MATCH_CANDIDATES on are the newest order's own, so pages
    // neither overlap nor skip; the walk is read only by a page that reaches past the ranked ones.
    const newest = sql`l.created_at desc, l.id`;
    // The walk keeps the columns the ranking reads (issue 30): ranked from the CTE itself, not
    // read again from listings by primary key.
    const candidates = newestMatches(
      sql`l.id, l.search_vector, l.created_at, l.seller_id`,
      where,
      signed,
      BEST_MATCH_CANDIDATES,
      0,
    );
    // The candidates' sellers joined once each, not looked up twice by each sort key.
    const ranking = bestMatchOrder(q.search as string, signed !== null, true);
    const ranked = sql`(with c as materialized (${candidates})
      select l.id, 0 as part, row_number() over (order by ${ranking}) as n
      from c l join users u on u.id = l.seller_id
      order by ${ranking} limit ${limit} offset ${offset})`;
    if (offset + limit <= BEST_MATCH_CANDIDATES) {
      return {
        query: sql`select r.id from ${ranked} r order by r.n`,
        prepared: signed !== null,
        pinnedWalk: signed ? featuredWalk(signed) : undefined,
      };
    }
    const rest = sql`(select l.id, 1 as part, row_number() over (order by ${newest}) as n
      from listings l where ${where}
      order by ${newest} limit ${limit} offset ${Math.max(offset, BEST_MATCH_CANDIDATES)})`;
    return {
      query: sql`select r.id from (${ranked} union all ${rest}) r order by r.part, r.n limit ${limit}`,
      prepared: false,
    };
  }
  // Match first: the CTE is materialised, so the planner cannot fold it back into a walk of the
  // sort's index that tests every listing against a word few of them hold; the matches are then
  // sorted on the listing's own columns.
  if (hasWords && counted <= MATCH_FIRST_LIMIT) {
    return {
      query: sql`with m as materialized (select l.id from listings l where ${where})
        select l.id from listings l where l.id in (select id from m)
        order by ${order} limit ${limit} offset ${offset}`,
      prepared: false,
    };
  }
  return {
    query: sql`select l.id from listings l where ${where}
        order by ${order} limit ${limit} offset ${offset}`,
    prepared: false,
  };
}

/**
 * How many of the newest open featured listings the named Best Match page walks for its pinned
 * listings (decision 0034). Only a search counted past MATCH_FIRST_LIMIT takes that path, so about
 * one open listing in 250 or more matches it and the walk usually finds its three within a few
 * hundred; when it does not, the page says so and the pins are read apart, as before.
 */
export const FEATURED_WALK_LIMIT = 500;

/**
 * The pinned featured listings inside Best Match's named page (decision 0034): the newest
 * FEATURED_WALK_LIMIT open featured listings (listings_open_featured_idx, newest first), each
 * tested against the search's filters and words, the first FEATURED_PINNED_MAX that pass. One plan
 * serves every search on that path (a walk of one partial index, stopping at the third match), and
 * the words are scalar subqueries, computed once per run in the generic plan too. `sure` is true
 * when the answer is the pinned listings' own: three were found, or the walk read every open
 * featured listing; otherwise the caller reads them apart (featuredIdsQuery).
 */
function featuredWalk(signed: {
  rest: SQL;
  search: string;
  includeDescription: boolean | undefined;
}): SQL {
  const matches = sql`${signed.rest} and ${textCondition(signed.search, signed.includeDescription, true)}`;
  const open = sql`${activeListingCondition} and l.featured`;
  // Limits written into the text, as the candidates' (decision 0030): the generic plan's cost
  // is then the custom plan's.
  const limit = sql.raw(String(FEATURED_WALK_LIMIT));
  const pins = sql.raw(String(FEATURED_PINNED_MAX));
  const walk = sql`(select l.id, l.created_at, (${matches}) as hit from listings l where ${open}
    order by l.created_at desc, l.id limit ${limit})`;
  // The count runs only when fewer than three were found (OR stops at its first true). `offset 0`
  // keeps the array a column computed once: pulled up, it was a subplan run for each use of it.
  return sql`select p.ids, cardinality(p.ids) >= ${pins}
      or (select count(*) from (select 1 from listings l where ${open}
        order by l.created_at desc, l.id limit ${limit}) f) < ${limit} as sure
    from (select array(select w.id from ${walk} w where w.hit
      order by w.created_at desc, w.id limit ${pins}) as ids offset 0) p`;
}

/** Letters-only words of a search text, as "Did you mean" corrects them (search_words holds such). */
const SUGGESTABLE_WORD = /\p{L}{3,40}/gu;
/**
 * A title word at least this similar (pg_trgm) may replace a word no title holds. Only the nearest
 * is looked at (the GiST index's nearest-first walk stops at it; a filter inside the walk would
 * read every word when none passes).
 */
const SUGGESTION_MIN_SIMILARITY = 0.25;

/**
 * "Did you mean" for a search with words that found nothing (issue 30): each word no listing
 * title holds is replaced by the nearest word of the titles by trigram similarity (search_words,
 * its GiST index answering the nearest), the rest of the text (quotes, `or`, `-`) kept. Offered
 * only when it differs and the same filters with it find something. One statement for the words,
 * one to check; never a scan of listings.
 */
export async function searchSuggestion(
  db: Db,
  q: ListingQuery,
  options: WhereOptions,
): Promise<string | undefined> {
  const text = q.search;
  if (!text) return undefined;
  const words = [...new Set([...text.toLowerCase().matchAll(SUGGESTABLE_WORD)].map((m) => m[0]))];
  if (words.length === 0) return undefined;
  const found = await rows<{ word: string; known: boolean; nearest: string | null }>(
    db,
    sql`select w.word,
          exists (select 1 from search_words s where s.word = w.word) as known,
          (select n.word from (select s.word, s.word <-> w.word as distance from search_words s
              order by s.word <-> w.word limit 1) n
            where n.distance <= ${1 - SUGGESTION_MIN_SIMILARITY}) as nearest
        from unnest(string_to_array(${words.join(",")}, ',')) as w(word)`,
  );
  const replacement = new Map<string, string>();
  for (const row of found) {
    if (!row.known && row.nearest && row.nearest !== row.word)
      replacement.set(row.word, row.nearest);
  }
  if (replacement.size === 0) return undefined;
  const suggestion = text.replace(SUGGESTABLE_WORD, (w) => replacement.get(w.toLowerCase()) ?? w);
  if (suggestion === text) return undefined;
  const n = await cappedCount(db, whereFor({ ...q, search: suggestion }, [], options), 0);
  return n > 0 ? suggestion : undefined;
}

/**
 * One page of listing cards matching the browse filters, with the total count: exact up to
 * `exactTotalLimit`, beyond it that limit and `totalIsLowerBound`; a search with words that finds
 * nothing may carry a "Did you mean" `suggestion`.
 *
 * The plans are chosen for a million listings (issue 18, decision 0012): the category is resolved
 * first so that one column's index serves it; a search with few matches finds them first and sorts
 * them, one with many walks the sort's index; Best Match ranks all of a few matches, or the newest
 * BEST_MATCH_CANDIDATES of many (decision 0018).
 */
export async function searchListings(
  db: Db,
  q: ListingQuery,
  exactTotalLimit = EXACT_TOTAL_LIMIT,
  overLimit?: OverLimitCache,
  destinations?: DestinationMemo,
  /** Pin matching featured listings above the first page (the route's results; decision 0019). */
  pinFeatured = false,
): Promise<ListingPage> {
  const options = await resolveWhereOptions(db, q, destinations);
  const where = whereFor(q, [], options);
  const offset = (q.page - 1) * q.pageSize;
  const key = overLimit ? totalKey(q, exactTotalLimit) : "";
  // Counting stops just past the limit: an exact count of a million matches costs a scan of them.
  // Only a search the route remembers (overLimit) asks the planner first: its answers stay in
  // that memory, so the estimate costs a plan once a minute, not on every page.
  // Without words the page's plan does not depend on the count, so a count that would be taken
  // anyway rides in the page's own statement (one round trip fewer, issue 32); only an empty page
  // (past the last) counts apart. A search with words needs its count first to choose its plan.
  const knownOver = overLimit?.has(key) === true;
  const estimateFirst = !knownOver && overLimit !== undefined && !overLimit.counted?.has(key);
  const countInPage = !q.search && !knownOver && !estimateFirst;
  let counted = knownOver
    ? exactTotalLimit + 1
    : estimateFirst
      ? await cappedOrEstimatedCount(db, where, exactTotalLimit)
      : countInPage
        ? -1
        : await cappedCount(db, where, exactTotalLimit);
  // The page's ids come from `listings` alone, in an array the cards' join then reads in order:
  // planned apart, the ids' plan is the filters' and sort's index, and the cards' six-table join
  // is planned by primary keys, not around the filters and sort, which cost more than running
  // either (issue 18); one statement, so one round trip and one snapshot.
  const ids = pageIdsQuery(q, where, options, counted, offset);
  const pin = pinFeatured && pinsFeatured(q) && counted !== 0;
  // The pinned featured listings' ids come in the same statement as the page's when it is planned
  // for its values anyway (one round trip, one join of the cards). A named statement keeps its
  // plan, which must not hold that statement (decision 0030): Best Match's named page walks the
  // newest featured listings instead (featuredWalk, decision 0034).
  const pinnedIds = pin && !ids.prepared ? featuredIdsQuery(q, options) : null;
  // One round trip and no plan per request for the pins of the named page.
  const pinnedWalk = pin && ids.prepared ? ids.pinnedWalk : undefined;
  const countColumn = countInPage
    ? sql`, ${cappedCountOf(where, exactTotalLimit)} as total_n`
    : sql``;
  const pageQuery = pinnedWalk
    ? sql`with pins as materialized (${pinnedWalk})
        select ${cardColumns}, page.pinned, (select sure from pins) as pins_sure from (
          select id, n, false as pinned from unnest(array(${ids.query})) with ordinality as p(id, n)
          union all
          select id, n, true from unnest((select ids from pins)) with ordinality as f(id, n)) page
        join listings l on l.id = page.id ${cardJoins} order by page.pinned, page.n`
    : pinnedIds
      ? sql`select ${cardColumns}, page.pinned${countColumn} from (
          select id, n, false as pinned from unnest(array(${ids.query})) with ordinality as p(id, n)
          union all
          select id, n, true from unnest(array(${pinnedIds})) with ordinality as f(id, n)) page
        join listings l on l.id = page.id ${cardJoins} order by page.pinned, page.n`
      : sql`select ${cardColumns}${countColumn} from unnest(array(${ids.query})) with ordinality as page(id, n)
            join listings l on l.id = page.id ${cardJoins} order by page.n`;
  type PageRow = ListingRow & { pinned?: boolean; total_n?: number; pins_sure?: boolean };
  const found =
    countInPage || offset < Math.min(counted, exactTotalLimit) || counted > exactTotalLimit
      ? ids.prepared
        ? await preparedRows<PageRow>(db, pageQuery, "best_match_page")
        : await rows<PageRow>(db, pageQuery)
      : [];
  if (countInPage) {
    counted =
      found.length > 0
        ? Number(found[0]?.total_n ?? 0)
        : await cappedCount(db, where, exactTotalLimit);
  }
  if (overLimit && counted <= exactTotalLimit) overLimit.counted?.add(key);
  if (counted > exactTotalLimit) overLimit?.add(key);
  const lowerBound = counted > exactTotalLimit;
  const total = lowerBound ? exactTotalLimit : counted;
  // Read apart: beside a named page without the walk, or when its walk could not be sure (it
  // found fewer than three among the newest featured listings, or the page had no row at all).
  const pinsApart = pin && ids.prepared && found[0]?.pins_sure !== true;
  const pinnedRows = pinsApart
    ? await rows<ListingRow>(
        db,
        sql`${selectListing} where l.id = any(array(${featuredIdsQuery(q, options)}))
            order by l.created_at desc, l.id`,
      )
    : found.filter((r) => r.pinned);
  // A pinned listing is left out of the page's items, so none shows twice on it.
  const pinned = toCards(pinnedRows);
  const pinnedSet = new Set(pinned.map((c) => c.id));
  const page = found.filter((r) => !r.pinned && !pinnedSet.has(r.id));
  const suggestion = total === 0 ? await searchSuggestion(db, q, options) : undefined;
  return {
    ...(pinned.length > 0 ? { pinned } : {}),
    items: toCards(page),
    total,
    page: q.page,
    pageSize: q.pageSize,
    ...(lowerBound ? { totalIsLowerBound: true as const } : {}),
    ...(suggestion ? { suggestion } : {}),
  };
}

/**
 * The Featured upgrade on results (issue 30, decision 0019): the first page of a search of
 * listings on sale gets up to FEATURED_PINNED_MAX matching featured listings, newest first, as
 * `pinned`, and they are left out of that page's `items` so none shows twice on it. `total` and
 * the other pages stay those of the search itself, so paging is unchanged (a pinned listing may
 * also appear in its own place on a later page). A search of featured listings only (/deals),
 * of ended or sold ones, of one seller's (their store), a list ordered by its end or its bids
 * (/ending-soon, /trending: the home page's sections are their first listings, issue 21), or a
 * later page pins nothing.
 */
const UNPINNED_SORTS: ReadonlySet<string> = new Set(["ending_soon", "most_bids"]);

/** Whether a search's first page pins featured listings (the conditions above). */
function pinsFeatured(q: ListingQuery): boolean {
  return (
    q.page === 1 &&
    !q.featured &&
    !q.seller &&
    (q.status ?? "active") === "active" &&
    !UNPINNED_SORTS.has(q.sort)
  );
}

/**
 * The ids of the featured listings pinned above a search's first page: its own matches that are
 * featured, newest first. Planned for its words each time, never in a named statement: one plan
 * cannot serve both a common word, found walking the featured listings newest first, and a rare
 * one, which the words' index finds at once (decision 0030).
 */
function featuredIdsQuery(q: ListingQuery, options: WhereOptions): SQL {
  return sql`select l.id from listings l where ${whereFor({ ...q, featured: true }, [], options)}
    order by l.created_at desc, l.id limit ${FEATURED_PINNED_MAX}`;
}

/**
 * Up to `limit` cards for a home section, leaving out listings another section already shows;
 * `onlyIds`, when given, limits it to those listings.
 */
export async function listingSection(
  db: Db,
  q: Partial<ListingQuery>,
  limit: number,
  excludeIds: string[],
  order?: SQL,
  onlyIds?: readonly string[],
): Promise<ListingCard[]> {
  if (onlyIds?.length === 0) return [];
  const only = onlyIds ? sql` and l.id in (${uuidList(onlyIds)})` : sql``;
  const section = await rows<ListingRow>(
    db,
    sql`${selectListing} where ${whereFor(q, excludeIds)}${only} order by ${order ?? orderFor(q)} limit ${limit}`,
  );
  return toCards(section);
}

/** Cards for those of these listings still on sale to the public, in the order given. */
export async function openListingCardsByIds(
  db: Db,
  ids: readonly string[],
): Promise<ListingCard[]> {
  if (ids.length === 0) return [];
  const found = await rows<ListingRow>(
    db,
    sql`${selectListing} where l.id in (${uuidList(ids)}) and ${activeListingCondition}`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  return toCards(ids.flatMap((id) => byId.get(id) ?? []));
}

/** Cards for the listings with these ids, in the order given (ids not found are left out). */
export async function listingCardsByIds(db: Db, ids: readonly string[]): Promise<ListingCard[]> {
  if (ids.length === 0) return [];
  const found = await rows<ListingRow>(
    db,
    sql`${selectListing} where l.id in (${uuidList(ids)}) and ${publicListingCondition}`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  return toCards(ids.flatMap((id) => byId.get(id) ?? []));
}

/** One listing with every image, for its detail page; `viewerId` adds the viewer's standing. */
export async function getListing(
  db: Db,
  id: string,
  viewerId: string | null = null,
  viewerIsStaff = false,
): Promise<ListingDetail> {
  const [result, gate] = await Promise.all([
    rows<ListingRow>(db, sql`${selectListingFor(viewerId)} where l.id = ${id}`),
    rows<DeliveryRow & { moderation: ListingModeration; moderationReason: string | null }>(
      db,
      sql`select l.moderation, l.moderation_reason as "moderationReason", ${deliverySelect}
          from listings l join territories t on t.id = l.territory_id where l.id = ${id}`,
    ),
  ]);
  const row = result[0];
  if (!row) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  // Held, removed or hidden: not there for the public; its seller and staff see it, and why.
  const moderation = gate[0]?.moderation ?? "visible";
  const mayModerate = viewerIsStaff || row.seller_id === viewerId;
  if (moderation !== "visible" && !mayModerate)
    throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  const [images, watchers] = await Promise.all([
    rows<ListingImage>(
      db,
      sql`
      select url, thumb_url as "thumbUrl", width, height from listing_images
      where listing_id = ${id} order by position`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from watchlist_items where listing_id = ${id}`,
    ),
  ]);
  const { image: _first, ...card } = toCard(row);
  let viewer: ListingDetail["viewer"] = null;
  if (viewerId && card.auction) {
    const mine = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bids where listing_id = ${id} and bidder_id = ${viewerId}`,
    );
    viewer = {
      hasBid: Number(mine[0]?.n ?? 0) > 0,
      isLeader: card.auction.leaderId === viewerId,
      isSeller: card.seller.id === viewerId,
    };
  }
  return {
    ...card,
    viewer,
    images: images.map((r) => ({
      url: r.url,
      thumbUrl: r.thumbUrl,
      width: r.width,
      height: r.height,
    })),
    specifications: row.specifications ?? {},
    returnPolicyDays: row.return_policy_days,
    delivery: gate[0]
      ? deliveryOf(gate[0])
      : { originSlug: "", handlingDays: DEFAULT_HANDLING_DAYS, options: [] },
    watcherCount: Number(watchers[0]?.n ?? 0),
    reservedQuantity: Math.min(Math.max(0, row.quantity), row.reserved_quantity),
    ...(mayModerate ? { moderation, moderationReason: gate[0]?.moderationReason ?? null } : {}),
  };
}

/**
 * The visible bid history of a listing, newest first. Bidders are masked (core/bidder-name.ts)
 * except to the listing's seller, who sees every name, and to a bidder, who sees their own. A held
 * or removed listing's history is there only for those who may see the listing: its seller and
 * staff (as getListing decides).
 */
export async function listBids(
  db: Db,
  id: string,
  page: number,
  pageSize: number,
  viewerId: string | null = null,
  viewerIsStaff = false,
): Promise<BidHistory> {
  const listing = await rows<{ seller_id: string; kind: string; moderation: ListingModeration }>(
    db,
    sql`select seller_id, kind, moderation from listings where id = ${id}`,
  );
  if (!listing[0]) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  const mayModerate = viewerIsStaff || listing[0].seller_id === viewerId;
  if (listing[0].moderation !== "visible" && !mayModerate)
    throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  // Only an auction has a bid history (its page, /listing/{id}/bids, is a 404 otherwise).
  if (listing[0].kind !== "auction") {
    throw notFound("This listing is not an auction.", ERROR_CODES.notAuction);
  }
  const viewerIsSeller = viewerId !== null && listing[0].seller_id === viewerId;
  const countResult = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bids where listing_id = ${id}`,
  );
  const bidRows = await rows<{
    amount_cents: number;
    placed_at: Date | string;
    bidder_id: string;
    username: string;
    rating_count: number;
  }>(
    db,
    sql`
    select b.amount_cents, b.placed_at, b.bidder_id, u.username, u.rating_count
    from bids b join users u on u.id = b.bidder_id
    where b.listing_id = ${id}
    order by b.placed_at desc, b.amount_cents desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    items: bidRows.map((r) => {
      const isViewer = viewerId !== null && r.bidder_id === viewerId;
      return {
        amountCents: r.amount_cents,
        placedAt: isoTime(r.placed_at),
        bidder: {
          name: viewerIsSeller || isViewer ? r.username : maskBidderName(r.username),
          ratingCount: Number(r.rating_count),
          isViewer,
        },
      };
    }),
    total: Number(countResult[0]?.n ?? 0),
    page,
    pageSize,
  };
}

/**
 * Up to `limit` active listings like this one, for its page: the same subcategory first, then the
 * rest of its category, each nearest in card price first (then newest). Never the listing itself.
 */
export async function similarListings(db: Db, id: string, limit: number): Promise<ListingCard[]> {
  const found = await rows<{
    category_id: string;
    subcategory_id: string | null;
    display_price_cents: number;
  }>(
    db,
    sql`select l.category_id, l.subcategory_id, ${displayPriceExpression} as display_price_cents
      from listings l left join auction_settings a on a.listing_id = l.id where l.id = ${id}`,
  );
  const listing = found[0];
  if (!listing) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  const price = Number(listing.display_price_cents);
  // Without a subcategory the whole category ranks alike (no constant: ORDER BY 0 is a position).
  const sameSubcategory =
    listing.subcategory_id === null
      ? sql``
      : sql`(l.subcategory_id is not distinct from ${listing.subcategory_id}::uuid) desc,`;
  const similar = await rows<ListingRow>(
    db,
    sql`${selectListing}
      where ${activeListingCondition} and l.category_id = ${listing.category_id} and l.id <> ${id}
      order by ${sameSubcategory} abs(${displayPriceExpression} - ${price}) asc,
        l.created_at desc, l.id
      limit ${limit}`,
  );
  return toCards(similar);
}

/**
 * A title's words as a full-text OR query ("carved | calabash | bowl"): letters and digits only,
 * so nothing typed can change the query's syntax; to_tsquery stems them and drops stop words as
 * search_vector was built. Null when the title has no word.
 */
export function titleWordsQuery(title: string): string | null {
  const words = [...new Set(title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
    .filter((w) => w.length > 1)
    .slice(0, 16);
  return words.length > 0 ? words.join(" | ") : null;
}

/** The middle sale price (the mean of the two middle ones, rounded, for an even count). */
export function medianCents(prices: number[]): number | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid] as number;
  return Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}

/**
 * Recently sold items like this listing, for sold-price research on its page: public sold
 * listings of its subcategory (its category when it has none) with any word of its title in
 * theirs, sold in the last RECENTLY_SOLD_DAYS days, newest sale first, and their median price.
 * Served by the sold indexes (listings_sold_subcategory_idx / _category_idx): a range of one
 * subcategory's sales by date, newest first, each checked for a shared title word, stopping at
 * `limit` (ordered by the index's own key, so no sort; EXPLAIN in docs/decisions/0017-seller-tools-and-sold-history.md).
 */
export async function recentlySold(
  db: Db,
  id: string,
  limit: number,
  days: number,
): Promise<{ items: ListingCard[]; medianPriceCents: number | null }> {
  const [listing] = await rows<{
    category_id: string;
    subcategory_id: string | null;
    title: string;
    moderation: ListingModeration;
  }>(db, sql`select category_id, subcategory_id, title, moderation from listings where id = ${id}`);
  if (!listing) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  const words = titleWordsQuery(listing.title);
  if (!words) return { items: [], medianPriceCents: null };
  const place =
    listing.subcategory_id === null
      ? sql`l.category_id = ${listing.category_id}`
      : sql`l.subcategory_id = ${listing.subcategory_id}`;
  // The title's words carry weight A in search_vector: ts_filter keeps a title match only.
  const query = sql`to_tsquery('english', ${words})`;
  const found = await rows<ListingRow>(
    db,
    sql`${selectListing}
      where l.status = 'sold' and l.moderation = 'visible' and ${place}
        and l.sold_at >= now() - make_interval(days => ${days}) and l.id <> ${id}
        and ts_filter(l.search_vector, '{a}') @@ ${query}
      order by l.sold_at desc
      limit ${limit}`,
  );
  const items = toCards(found);
  return {
    items,
    medianPriceCents: medianCents(
      items.flatMap((i) => (i.soldPriceCents == null ? [] : [i.soldPriceCents])),
    ),
  };
}
