/**
 * npm run bench:alerts — matching new listings against 100,000 saved searches (issue 14): listings
 * matched per second and the lag from listing to notification, against the plain /listings search
 * query for one saved search, timed in the same run.
 *
 * On a fresh scratch database (migrated and seeded as `npm start` leaves one) it saves
 * BENCH_SEARCHES (100,000) searches for 20,000 users, five each, with notifications on, through
 * the service's own parsing (saved-search-query.ts), in a mix meant to look like real use: text in
 * 90% of them (a quarter of it, BENCH_IN_CATALOG, words or word pairs of the demo titles; the rest a
 * make and model number of the long tail that nothing listed now matches), a category (top-level
 * or sub) in the others and in half of those with text, a territory in 30%, a format in 30%, a price range in 25%, a condition in 15%, a delivery option
 * in 10%, a seller in 5%. Listings are copies of the demo listings with their price varied.
 *
 * 1. Throughput: 1,000 new listings queued at once, then the matching job's function
 *    (matchNewListings) drains the queue; listings matched per second and notifications stored.
 * 2. Lag: listings arrive at BENCH_RATE (10) a second for BENCH_SECONDS (20), each inserted and
 *    queued in its transaction as the selling service does, while the job runs as start-jobs.ts
 *    runs it (every 2 s after the last run ends). The lag of a listing is the creation time of its
 *    first notification (its matching transaction's start) minus the listing's creation time;
 *    listings nothing matched have none and are left out. Behind-ness: the queue's length at the end.
 * 3. Naive baseline: the plain search query (searchListings, count and page) of 200 of the saved
 *    searches, one at a time: what matching by running each saved search would cost per search.
 *    Ratio: listings matched per second by the job, over the listings per second that running all
 *    100,000 saved searches for each listing would manage (1 / (100,000 × one query's time)). Nobody
 *    would build that; it is kept for comparison with earlier figures.
 * 4. Inverted-index baseline, what a good engineer would build without the database's help: every
 *    saved search loaded once into this process and indexed by the longest word of its text (by
 *    category when it has none); the burst's 1,000 listings read back in batches of 50 as the job
 *    reads them, each matched in memory against the searches its own words and categories reach,
 *    with the job's filters (all its words among the listing's words: the job's full-text match
 *    without stemming), and their notifications
 *    stored as the job stores them (one transaction a batch, 500 rows a statement; no digest slot).
 *    Printed: the index's build time, listings per second, the job's ratio to it, and how far the two
 *    agree on the burst's matches (the index finds a little less: no stemming).
 *
 * BENCH_DATABASE_URL as bench:bids.
 */

import { sql } from "drizzle-orm";
import { listingQuerySchema } from "../core/contracts/browse";
import type { SavedSearchQuery } from "../core/contracts/watching";
import { notificationText } from "../core/notifications";
import { canonicalQuery } from "../core/saved-search-query";
import { rows, uuidList } from "../server/db/rows";
import { notifications } from "../server/db/schema/notifications";
import { savedSearches } from "../server/db/schema/watching";
import { repeat } from "../server/jobs/repeat";
import { searchListings } from "../server/modules/listings/listings.service";
import { matchNewListings } from "../server/modules/watching/alert-matching";
import { matchingColumns, parseSavedQuery } from "../server/modules/watching/saved-search-query";
import * as harness from "./harness";

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const USERS = Math.ceil(SEARCHES / 5);
const BURST = 1_000;
const BASELINE_QUERIES = 200;
/** The share of saved-search texts taken from the demo titles (BENCH_IN_CATALOG, 0 to 1). */
const IN_CATALOG = Number(process.env.BENCH_IN_CATALOG ?? 0.25);
/** Makes for the long tail of saved searches: things people wait for that are not listed now. */
const LONG_TAIL = [
  "yamaha",
  "roland",
  "fender",
  "gibson",
  "canon",
  "nikon",
  "fujifilm",
  "garmin",
  "dewalt",
  "makita",
  "stihl",
  "husqvarna",
  "suzuki",
  "kawasaki",
  "toyota",
  "honda",
  "mazda",
  "nissan",
  "evinrude",
  "mercury",
  "rolex",
  "omega",
  "seiko",
  "casio",
  "lego",
  "hasbro",
  "nintendo",
  "playstation",
  "xbox",
  "bose",
  "sonos",
  "marshall",
  "dyson",
  "vitamix",
  "kitchenaid",
  "weber",
  "coleman",
  "yeti",
  "oakley",
  "rayban",
  "pandora",
  "tiffany",
  "cartier",
  "gucci",
  "prada",
];

/** A seeded pseudo-random generator, so every run saves the same searches. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

async function main() {
  const scratch = await harness.createScratchDatabase("tw_bench_alerts_", 4);
  await harness.withCleanUp(
    () => scratch.drop(),
    async () => {
      await scratch.prepare();
      const db = scratch.database.db;
      console.log(
        `bench:alerts — PostgreSQL via ${harness.serverVia()}, ${SEARCHES.toLocaleString("en-US")} saved searches`,
      );
      const rand = random(42);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

      const categories = (await rows<{ slug: string }>(db, sql`select slug from categories`)).map(
        (r) => r.slug,
      );
      const territories = (await rows<{ slug: string }>(db, sql`select slug from territories`)).map(
        (r) => r.slug,
      );
      const sellers = (
        await rows<{ username: string }>(
          db,
          sql`select distinct u.username from users u join listings l on l.seller_id = u.id`,
        )
      ).map((r) => r.username);
      const titles = (await rows<{ title: string }>(db, sql`select title from listings`)).map((r) =>
        r.title
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean),
      );
      const words = [...new Set(titles.flat().filter((w) => w.length >= 4))];
      const titleBigrams = [
        ...new Set(titles.flatMap((t) => t.slice(1).map((w, i) => `${t[i]} ${w}`))),
      ];

      await db.execute(sql`insert into users (email, username, full_name, email_confirmed_at)
        select 'saver' || g || '@bench.test', 'saver' || g, 'Saver ' || g, now()
        from generate_series(1, ${USERS}) g`);
      const userIds = (
        await rows<{ id: string }>(db, sql`select id from users where username like 'saver%'`)
      ).map((r) => r.id);

      const queries: SavedSearchQuery[] = [];
      const started = performance.now();
      for (let i = 0; i < SEARCHES; i += 2_000) {
        const values = [];
        for (let j = i; j < Math.min(SEARCHES, i + 2_000); j++) {
          const q: SavedSearchQuery = {};
          // Everyone searches for something: text, a category, or both (a search for "all
          // listings" would be told of every new listing, which nobody saves a search for).
          // A quarter (IN_CATALOG) look for what the catalog holds now (a word or two of its
          // titles); the rest for the long tail it does not (a make and a model number), as most
          // saved searches wait for something not listed yet. They cost the same to test; they
          // just rarely match. Few are a bare category: with 60 categories each would hear of
          // one new listing in 30.
          const text = rand() < 0.9;
          if (text)
            q.search =
              rand() < IN_CATALOG
                ? rand() < 0.5
                  ? pick(titleBigrams)
                  : pick(words)
                : `${pick(LONG_TAIL)} ${100 + Math.floor(rand() * 900)}`;
          if (!text || rand() < 0.5) q.category = pick(categories);
          if (rand() < 0.3) q.territory = pick(territories);
          if (rand() < 0.3) q.kind = rand() < 0.5 ? "auction" : "fixed_price";
          if (rand() < 0.25) {
            const min = Math.floor(rand() * 20_000);
            q.minPriceCents = String(min);
            q.maxPriceCents = String(min + Math.floor(rand() * 100_000));
          }
          if (rand() < 0.15) q.condition = pick([["new"], ["used"], ["good", "fair"]]);
          if (rand() < 0.1) q[rand() < 0.5 ? "freeShipping" : "localPickup"] = "true";
          if (rand() < 0.05) q.seller = pick(sellers);
          const filters = parseSavedQuery(q);
          queries.push(q);
          values.push({
            userId: userIds[j % userIds.length] as string,
            name: `Search ${j}`,
            query: canonicalQuery(filters),
            description: "bench",
            ...(await matchingColumns(db, filters)),
          });
        }
        await db.insert(savedSearches).values(values);
      }
      await db.execute(sql`analyze`);
      console.log(
        `setup: ${SEARCHES.toLocaleString("en-US")} saved searches for ${USERS.toLocaleString("en-US")} users in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );

      /** Copies of demo listings, price varied, created and queued in one transaction each. */
      let copied = 0;
      const listed: string[] = [];
      const listNew = async (n: number) => {
        const made = await rows<{ id: string }>(
          db,
          sql`with src as (
                select l.* from listings l where l.kind = 'fixed_price' and l.status = 'active'
                order by l.id offset ${copied % 50} limit ${n}),
              ins as (
                insert into listings (seller_id, title, description, kind, category_id,
                  subcategory_id, territory_id, condition, price_cents, quantity, shipping_cents,
                  local_pickup)
                select seller_id, title, description, kind, category_id, subcategory_id,
                  territory_id, condition, greatest(100, price_cents + (random() * 2000)::int - 1000),
                  quantity, shipping_cents, local_pickup from src
                returning id)
              insert into listing_alert_queue (listing_id) select id from ins returning listing_id as id`,
        );
        copied += n;
        listed.push(...made.map((m) => m.id));
        return made.length;
      };

      // 1. Throughput: a burst, drained.
      let queued = 0;
      while (queued < BURST) queued += await listNew(Math.min(50, BURST - queued));
      const burst = [...listed];
      const before = await notificationCount(db);
      const t0 = performance.now();
      const matched = await matchNewListings(db);
      const seconds = (performance.now() - t0) / 1000;
      const stored = (await notificationCount(db)) - before;
      const perSecond = matched / seconds;
      console.log(
        `throughput: ${matched} listings matched in ${seconds.toFixed(2)} s = ${perSecond.toFixed(1)} listings/s (${stored.toLocaleString("en-US")} notifications, ${(stored / matched).toFixed(1)} a listing)`,
      );

      // 2. Lag at RATE a second, the job at its production cadence.
      const startedAt = await rows<{ now: string }>(db, sql`select now()::text as now`);
      const stop = repeat(() => matchNewListings(db), {
        everyMs: 2000,
        onError: (err) => console.error("matching failed", err),
      });
      const end = performance.now() + SECONDS * 1000;
      let arrived = 0;
      while (performance.now() < end) {
        const tick = performance.now();
        arrived += await listNew(RATE);
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - tick))));
      }
      const [backlog] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from listing_alert_queue`,
      );
      await new Promise((r) => setTimeout(r, 4000));
      await stop();
      const lags = (
        await rows<{ lag_ms: number }>(
          db,
          sql`select extract(epoch from (min(n.created_at) - l.created_at)) * 1000 as lag_ms
              from listings l join notifications n on n.listing_id = l.id
              where l.created_at >= ${startedAt[0]?.now}::timestamptz
              group by l.id, l.created_at`,
        )
      ).map((r) => Number(r.lag_ms));
      console.log(
        `lag at ${RATE} listings/s for ${SECONDS} s (${arrived} listings, ${lags.length} with a match; job every 2 s): ${harness.latencySummary(lags)}; queue at the end of arrivals: ${backlog?.n ?? 0}`,
      );

      // 3. Baseline: the plain search of one saved search.
      const sample = Array.from({ length: BASELINE_QUERIES }, () => pick(queries));
      for (const q of sample.slice(0, 20)) await searchListings(db, listingQuerySchema.parse(q)); // warm-up
      const b0 = performance.now();
      for (const q of sample) await searchListings(db, listingQuerySchema.parse(q));
      const perQueryMs = (performance.now() - b0) / sample.length;
      const naivePerSecond = 1000 / (perQueryMs * SEARCHES);
      console.log(
        `naive baseline: the plain search query of one saved search takes ${perQueryMs.toFixed(2)} ms (mean of ${BASELINE_QUERIES}); running all ${SEARCHES.toLocaleString("en-US")} for each listing would match ${naivePerSecond.toFixed(4)} listings/s`,
      );
      // 4. The inverted index of the saved searches, in this process.
      const i0 = performance.now();
      const index = buildSearchIndex(
        await rows<IndexedSearch>(
          db,
          sql`select id, user_id, name, match_search, match_category, match_territory, match_seller,
                match_kind, match_min_price_cents, match_max_price_cents, match_conditions,
                match_free_shipping, match_local_pickup, match_featured,
                coalesce(query->>'includeDescription', 'true') <> 'false' as in_description
              from saved_searches where notifications_enabled and matches_new_listings`,
        ),
      );
      const buildMs = performance.now() - i0;
      // Which of the burst's matches the job made, before the baseline stores its own.
      const byJob = new Set(
        (
          await rows<{ pair: string }>(
            db,
            sql`select listing_id || ' ' || saved_search_id as pair from notifications
                where kind = 'saved_search_match' and listing_id in (${uuidList(burst)})`,
          )
        ).map((r) => r.pair),
      );
      const found = new Set<string>();
      let matchingMs = 0;
      const x0 = performance.now();
      for (let i = 0; i < burst.length; i += 50) {
        // As the job: a batch of 50 in one transaction, its notifications stored 500 a statement.
        await db.transaction(async (tx) => {
          const m0 = performance.now();
          const matches: { search: IndexedSearch; listing: ListingFacts }[] = [];
          for (const listing of await readListings(tx, burst.slice(i, i + 50)))
            for (const search of index.match(listing)) {
              matches.push({ search, listing });
              found.add(`${listing.id} ${search.id}`);
            }
          matchingMs += performance.now() - m0;
          for (let j = 0; j < matches.length; j += 500)
            await tx.insert(notifications).values(
              matches.slice(j, j + 500).map(({ search, listing }) => ({
                userId: search.user_id,
                kind: "saved_search_match" as const,
                message: notificationText("saved_search_match", {
                  search: search.name,
                  title: listing.title,
                }),
                link: `/listing/${listing.id}`,
                listingId: listing.id,
                savedSearchId: search.id,
              })),
            );
        });
      }
      const indexSeconds = (performance.now() - x0) / 1000;
      const indexPerSecond = burst.length / indexSeconds;
      const both = [...found].filter((p) => byJob.has(p)).length;
      console.log(
        `inverted-index baseline: ${index.size.toLocaleString("en-US")} searches indexed in ${(buildMs / 1000).toFixed(2)} s (once); the burst's ${burst.length} listings matched and their ${found.size.toLocaleString("en-US")} notifications stored in ${indexSeconds.toFixed(2)} s = ${indexPerSecond.toFixed(1)} listings/s (${(matchingMs / 1000).toFixed(2)} s of it reading and matching); ${both.toLocaleString("en-US")} of its matches among the job's ${byJob.size.toLocaleString("en-US")} (the others: stemming, and text inside a longer word)`,
      );
      console.log(
        `ratio: ${(perSecond / naivePerSecond).toFixed(0)}x the naive baseline, ${(perSecond / indexPerSecond).toFixed(2)}x the inverted-index baseline; keeps up with ${RATE}/s: ${perSecond >= RATE && (backlog?.n ?? 0) <= RATE * 3 ? "yes" : "NO"}`,
      );
    },
  );
}

/** A saved search as the inverted-index baseline keeps it: its match_* columns. */
interface IndexedSearch extends Record<string, unknown> {
  id: string;
  user_id: string;
  match_search: string | null;
  match_category: string | null;
  match_territory: string | null;
  match_seller: string | null;
  match_kind: string | null;
  match_min_price_cents: number | null;
  match_max_price_cents: number | null;
  match_conditions: string[] | null;
  match_free_shipping: boolean;
  match_local_pickup: boolean;
  match_featured: boolean;
  in_description: boolean;
  name: string;
}

/** A new listing with what the filters read, as the job's first step reads it. */
interface ListingFacts extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  kind: string;
  seller_id: string;
  username: string;
  category_slug: string;
  sub_slug: string | null;
  territory_slug: string;
  territory_id: string;
  price: number;
  condition: string | null;
  shipping_cents: number;
  local_pickup: boolean;
  featured: boolean;
}

function readListings(db: Parameters<typeof rows>[0], ids: string[]): Promise<ListingFacts[]> {
  return rows<ListingFacts>(
    db,
    sql`select l.id, l.title, l.description, l.kind::text as kind, l.seller_id, u.username,
          c.slug as category_slug, sc.slug as sub_slug, t.slug as territory_slug,
          t.id::text as territory_id, coalesce(a.current_bid_cents, l.price_cents) as price,
          l.condition, l.shipping_cents, l.local_pickup, l.featured
        from listings l join users u on u.id = l.seller_id
        join categories c on c.id = l.category_id left join categories sc on sc.id = l.subcategory_id
        join territories t on t.id = l.territory_id left join auction_settings a on a.listing_id = l.id
        where l.id in (${uuidList(ids)})`,
  );
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Saved searches indexed once, in memory: those with text under the longest word of it (every word
 * must be in the listing for the word match, and the longest is usually the rarest), the others
 * under their category. A listing reaches the searches under its words and its categories; each is
 * then checked against every filter the job applies.
 */
function buildSearchIndex(searches: IndexedSearch[]) {
  const byWord = new Map<string, IndexedSearch[]>();
  const byCategory = new Map<string, IndexedSearch[]>();
  const unkeyed: IndexedSearch[] = [];
  const searchWords = new Map<string, string[]>();
  const add = (map: Map<string, IndexedSearch[]>, key: string, s: IndexedSearch) => {
    const list = map.get(key);
    if (list) list.push(s);
    else map.set(key, [s]);
  };
  for (const s of searches) {
    if (s.match_search) {
      const words = wordsOf(s.match_search);
      searchWords.set(s.id, words);
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
      if (longest) add(byWord, longest, s);
      else unkeyed.push(s);
    } else if (s.match_category) add(byCategory, s.match_category, s);
    else unkeyed.push(s);
  }
  const textMatches = (s: IndexedSearch, _l: ListingFacts, words: Set<string>) => {
    // Words only, as the job since issue 30 (no substring of a title or description).
    return (searchWords.get(s.id) ?? []).every((w) => words.has(w));
  };
  const filtersMatch = (s: IndexedSearch, l: ListingFacts) =>
    s.user_id !== l.seller_id &&
    (s.match_category === null ||
      s.match_category === l.category_slug ||
      s.match_category === l.sub_slug) &&
    (s.match_territory === null ||
      s.match_territory === l.territory_slug ||
      s.match_territory === l.territory_id) &&
    (s.match_seller === null || s.match_seller === l.username || s.match_seller === l.seller_id) &&
    (s.match_kind === null || s.match_kind === l.kind) &&
    (s.match_min_price_cents === null || l.price >= s.match_min_price_cents) &&
    (s.match_max_price_cents === null || l.price <= s.match_max_price_cents) &&
    (s.match_conditions === null ||
      (l.condition !== null && s.match_conditions.includes(l.condition)) ||
      (s.match_conditions.includes("used") && l.condition !== null && l.condition !== "new") ||
      (s.match_conditions.includes("not_specified") && l.condition === null)) &&
    (!(s.match_free_shipping || s.match_local_pickup) ||
      (s.match_free_shipping && l.shipping_cents === 0) ||
      (s.match_local_pickup && l.local_pickup)) &&
    (!s.match_featured || l.featured);
  return {
    size: searches.length,
    /** The saved searches that find `l`. */
    match(l: ListingFacts): IndexedSearch[] {
      const titleWords = wordsOf(l.title);
      const words = new Set(titleWords);
      for (const w of wordsOf(l.description)) words.add(w);
      const candidates = new Set<IndexedSearch>(unkeyed);
      for (const w of words) for (const s of byWord.get(w) ?? []) candidates.add(s);
      for (const c of [l.category_slug, l.sub_slug])
        if (c) for (const s of byCategory.get(c) ?? []) candidates.add(s);
      const found: IndexedSearch[] = [];
      for (const s of candidates) {
        if (!filtersMatch(s, l)) continue;
        // Titles only: its words must be in the title.
        const inWords = s.in_description ? words : new Set(titleWords);
        if (s.match_search === null || textMatches(s, l, inWords)) found.push(s);
      }
      return found;
    },
  };
}

async function notificationCount(db: Parameters<typeof rows>[0]): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from notifications`);
  return row?.n ?? 0;
}

harness.run(main);
