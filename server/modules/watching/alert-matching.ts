import { sql } from "drizzle-orm";
import { deliveryDatePassed } from "../../../core/delivery";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { wakeJob } from "../../db/jobs-due";
import { rows, uuidList } from "../../db/rows";
import { notifications } from "../../db/schema/notifications";
import { currentTraceId, type TraceLog, traceIdsOf } from "../../trace";
import { type DeliveryRow, deliversTo } from "../listings/listing-delivery";
import { activeListingCondition } from "../listings/listing-visibility";
import { notify } from "../notifications/notifications.service";

/** How many queued listings one transaction matches. */
const BATCH = 50;
/** Notifications written by one INSERT. */
const INSERT_SLICE = 500;

function* slices<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Queues a new listing for matching against saved searches and followers; called in the
 * transaction that creates it, so a listing is queued if and only if it exists.
 */
export async function queueNewListing(tx: Db, listingId: string): Promise<void> {
  await tx.execute(
    sql`insert into listing_alert_queue (listing_id, trace_id)
        values (${listingId}, ${currentTraceId()}) on conflict do nothing`,
  );
  // The matching job runs at commit rather than at its next (idle, slower) poll.
  await wakeJob(tx, "listing_alerts");
}

interface SearchMatch extends DeliveryRow {
  saved_search_id: string;
  user_id: string;
  name: string;
  listing_id: string;
  title: string;
  /** The saved search's "ships to" and "delivery by" (issue 29), tested on the row in deliversTo. */
  shipsTo: string | null;
  deliveryBy: string | null;
}

interface FollowerMatch {
  user_id: string;
  seller: string;
  listing_id: string;
  title: string;
}

/** Saved searches a new listing can match at all: notifications on, for active listings. */
const live = sql`s.notifications_enabled and s.matches_new_listings`;

/**
 * The saved searches (with notifications on) that find each listing of `ids`, with the same filters
 * as /api/listings (listings.service's whereFor) read from the saved search's match_* columns;
 * alert-matching.test.ts checks the two agree listing by listing. Two steps, so that a listing is
 * not tested against every saved search:
 *
 * 1. Candidates, each by an index: searches whose lexeme key is among the listing's lexemes
 *    (search-keys.ts: every search with text that could match has one, or is unkeyed), searches
 *    without text for its category, and the few no key reaches.
 * 2. The whole filter on the candidates; "ships to" and "delivery by" on the rows found.
 *
 * The seller's own saved searches are left out: nobody needs to hear that they listed something.
 */
async function matchSavedSearches(tx: Db, ids: readonly string[]): Promise<SearchMatch[]> {
  const matches = await rows<SearchMatch>(
    tx,
    sql`with l as materialized (
          select l.id, l.title, l.description, l.search_vector, l.kind::text as kind, l.seller_id,
            u.username, c.slug as category_slug, sc.slug as sub_slug, t.slug as territory_slug,
            t.id::text as territory_id, coalesce(a.current_bid_cents, l.price_cents) as price,
            l.condition, l.shipping_cents, l.local_pickup, l.featured,
            l.handling_days, l.ship_same_service, l.ship_same_cents, l.ship_caribbean_service,
            l.ship_caribbean_cents, l.ship_world_service, l.ship_world_cents,
            tsvector_to_array(l.search_vector) as lexemes
          from listings l
          join users u on u.id = l.seller_id
          join categories c on c.id = l.category_id
          left join categories sc on sc.id = l.subcategory_id
          join territories t on t.id = l.territory_id
          left join auction_settings a on a.listing_id = l.id
          where l.id in (${uuidList(ids)}) and ${activeListingCondition}
        ),
        candidates as (
          select l.id as listing_id, s.id as search_id
            from l join saved_searches s on ${live} and s.match_lexeme = any(l.lexemes)
          union
          select l.id, s.id from l join saved_searches s on ${live} and s.match_search is null
            and s.match_category in (l.category_slug, l.sub_slug)
          union
          select l.id, s.id from l cross join saved_searches s where ${live} and s.match_unkeyed
        )
        select s.id as saved_search_id, s.user_id, s.name, l.id as listing_id, l.title,
          s.query->>'shipsTo' as "shipsTo", s.query->>'deliveryBy' as "deliveryBy",
          l.territory_slug as "originSlug", l.handling_days as "handlingDays",
          l.ship_same_service as "shipSameService", l.ship_same_cents as "shipSameCents",
          l.ship_caribbean_service as "shipCaribbeanService",
          l.ship_caribbean_cents as "shipCaribbeanCents",
          l.ship_world_service as "shipWorldService", l.ship_world_cents as "shipWorldCents"
        from candidates k
        join l on l.id = k.listing_id
        join saved_searches s on s.id = k.search_id
        where s.user_id <> l.seller_id
          and (s.match_category is null or s.match_category in (l.category_slug, l.sub_slug))
          and (s.match_territory is null or s.match_territory in (l.territory_slug, l.territory_id))
          and (s.match_seller is null or s.match_seller in (l.username, l.seller_id::text))
          and (s.match_kind is null or s.match_kind = l.kind)
          and (s.match_min_price_cents is null or l.price >= s.match_min_price_cents)
          and (s.match_max_price_cents is null or l.price <= s.match_max_price_cents)
          and (s.match_conditions is null
            or l.condition = any(s.match_conditions)
            or ('used' = any(s.match_conditions) and l.condition is not null and l.condition <> 'new')
            or ('not_specified' = any(s.match_conditions) and l.condition is null))
          and (not (s.match_free_shipping or s.match_local_pickup)
            or (s.match_free_shipping and l.shipping_cents = 0)
            or (s.match_local_pickup and l.local_pickup))
          and (not s.match_featured or l.featured)
          and (s.match_search is null
            or (case when s.query->>'includeDescription' = 'false'
              -- Titles only: their words carry weight A in search_vector, as whereFor reads them.
              then l.search_vector @@ s.match_tsquery and ts_filter(l.search_vector, '{a}') @@ s.match_tsquery
              else l.search_vector @@ s.match_tsquery end))
        order by l.id, s.id`,
  );
  // "Ships to" and "delivery by" on the few matches, by the same rule whereFor's SQL states. A
  // delivery date gone by says nothing any more: the search keeps its "ships to" (decision 0021).
  const now = new Date();
  const by = (m: SearchMatch) =>
    m.deliveryBy && !deliveryDatePassed(m.deliveryBy, now) ? m.deliveryBy : null;
  return matches.filter((m) => !m.shipsTo || deliversTo(m, m.shipsTo, by(m), now));
}

/** Followers with notifications on of the sellers of `ids`. */
function matchFollowers(tx: Db, ids: readonly string[]): Promise<FollowerMatch[]> {
  return rows<FollowerMatch>(
    tx,
    sql`select f.user_id, u.username as seller, l.id as listing_id, l.title
        from listings l
        join users u on u.id = l.seller_id
        join followed_sellers f on f.seller_id = l.seller_id and f.notifications_enabled
        left join auction_settings a on a.listing_id = l.id
        where l.id in (${uuidList(ids)}) and ${activeListingCondition}
        order by l.id, f.user_id`,
  );
}

/**
 * Claims each saved search's digest slot for new matches: a slot not yet reached is shared; a
 * passed one (its email went, or is going) is followed by the next a day after it, or now if
 * that is later. So each saved search's matches are emailed at most once a day, together.
 */
async function digestSlots(tx: Db, searchIds: readonly string[]): Promise<Map<string, Date>> {
  if (searchIds.length === 0) return new Map();
  const slots = await rows<{ id: string; digest_at: Date | string }>(
    tx,
    sql`update saved_searches set digest_at = case
          when digest_at >= now() then digest_at
          when digest_at is null then now()
          else greatest(now(), digest_at + interval '1 day') end
        where id = any(string_to_array(${searchIds.join(",")}, ',')::uuid[])
        returning id, digest_at`,
  );
  return new Map(slots.map((s) => [s.id, new Date(s.digest_at)]));
}

/**
 * Matches queued new listings against saved searches and followed sellers, and answers how many
 * listings it matched. Each batch is one transaction: it takes queue rows (SKIP LOCKED, so two
 * instances share the queue without taking the same listing), stores the notifications and
 * deletes the rows, so a listing is matched exactly once whatever crashes (a rolled-back batch is
 * still queued). Notifications reach open pages at commit through the event spine.
 */
export async function matchNewListings(
  db: Db,
  maxBatches = Number.POSITIVE_INFINITY,
  traced?: TraceLog,
): Promise<number> {
  let matched = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const taken = await db.transaction(async (tx) => {
      const claimed = await rows<{ listing_id: string; trace_id: string | null }>(
        tx,
        sql`select listing_id, trace_id from listing_alert_queue order by queued_at, listing_id
            limit ${BATCH} for update skip locked`,
      );
      if (claimed.length === 0) return claimed;
      const ids = claimed.map((r) => r.listing_id);
      // Each notice carries the trace id of the request that listed its listing.
      const traceOf = new Map(claimed.map((r) => [r.listing_id, r.trace_id]));
      const [searches, followers] = await Promise.all([
        matchSavedSearches(tx, ids),
        matchFollowers(tx, ids),
      ]);
      const slots = await digestSlots(tx, [...new Set(searches.map((m) => m.saved_search_id))]);
      // In slices: a popular listing can match thousands of searches, more than one statement's
      // parameters (and the query builder's stack) should carry.
      for (const slice of slices(searches, INSERT_SLICE))
        await tx.insert(notifications).values(
          slice.map((m) => ({
            userId: m.user_id,
            kind: "saved_search_match" as const,
            message: notificationText("saved_search_match", { search: m.name, title: m.title }),
            link: `/listing/${m.listing_id}`,
            listingId: m.listing_id,
            savedSearchId: m.saved_search_id,
            emailDueAt: slots.get(m.saved_search_id) ?? null,
            traceId: traceOf.get(m.listing_id) ?? null,
          })),
        );
      for (const slice of slices(followers, INSERT_SLICE))
        await notify(
          tx,
          slice.map((m) => ({
            userId: m.user_id,
            kind: "followed_seller_listed" as const,
            message: notificationText("followed_seller_listed", {
              seller: m.seller,
              title: m.title,
            }),
            link: `/listing/${m.listing_id}`,
            listingId: m.listing_id,
            traceId: traceOf.get(m.listing_id) ?? null,
          })),
        );
      await tx.execute(sql`delete from listing_alert_queue where listing_id in (${uuidList(ids)})`);
      return claimed;
    });
    if (taken.length > 0)
      traced?.(
        traceIdsOf(taken.map((r) => r.trace_id)),
        `${taken.length} new listing(s) matched against saved searches and followers`,
      );
    const n = taken.length;
    matched += n;
    if (n < BATCH) break;
  }
  return matched;
}
