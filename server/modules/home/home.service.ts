import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  HOME_SECTION_QUERIES,
  type HomeSections,
  type ListingQuery,
} from "../../../core/contracts/browse";
import { DAILY_PICKS_SIZE, HOME_SECTION_SIZE } from "../../../core/limits";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { listingSection, openListingCardsByIds, whereFor } from "../listings/listings.service";

/**
 * A stable shuffle of the day's candidates that changes once a day (UTC), so picks rotate without
 * a job: by md5(id and day), in this process (issue 32: ordered in SQL, the statement read the
 * territory's open listings by an index before keeping the candidates, 30 ms at a million).
 */
function dailyShuffle(ids: readonly string[], day: string): string[] {
  const key = (id: string) => createHash("md5").update(`${id}${day}`).digest("hex");
  return ids
    .map((id) => ({ id, key: key(id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1))
    .map((c) => c.id);
}

/**
 * How many listings the day's sample keeps as Daily Picks candidates: the sections before it
 * take at most 3 × HOME_SECTION_SIZE, and some candidates sell during the day.
 */
export const PICK_CANDIDATES = 100;
/** The day's sample is this many runs of consecutive listings, each from its own moment. */
const PICK_RUNS = 10;

/**
 * About PICK_CANDIDATES open listings (of a territory) drawn for the day, at a cost that does not
 * grow with the catalogue (issue 32: a shuffle of every open listing took 1.5 s at a million). Ids
 * are random uuids, so the first open listing at or after a uuid drawn from the day's date is a
 * listing chosen at random from the whole catalogue; its listing time is one moment of the sample,
 * so the moments fall where the listings are (many from busy months, few from quiet ones). Each
 * moment gives the PICK_CANDIDATES / PICK_RUNS listings (of the territory) listed just before it,
 * by the newest-first index. Every instance draws the same sample on the same day.
 */
export async function dailyPickCandidates(db: Db, territory?: string): Promise<string[]> {
  const open = whereFor({ status: "active" });
  const found = await rows<{ id: string }>(
    db,
    sql`with moments as (
        select coalesce((select l.created_at from listings l
          where l.id >= md5(current_date::text || ':' || i)::uuid and ${open}
          order by l.id limit 1), now()) as at
        from generate_series(1, ${PICK_RUNS}) i)
      select distinct run.id from moments cross join lateral (
        select l.id from listings l
        where ${whereFor({ territory, status: "active" })} and l.created_at <= moments.at
        order by l.created_at desc, l.id limit ${PICK_CANDIDATES / PICK_RUNS}) run`,
  );
  return found.map((r) => r.id);
}

/**
 * The home page's four sections, optionally for one territory. Featured, Trending and Ending Soon
 * are each the first listings of their View all page (HOME_SECTION_QUERIES), so one listing may
 * show in two of them; Daily Picks, which has no such page, leaves out what they show.
 * `pickCandidates` are the day's Daily Picks candidates (dailyPickCandidates) when already known
 * or being drawn; Daily Picks are the first of them, not shown above and still on sale, in the
 * day's shuffle.
 */
export async function getHomeSections(
  db: Db,
  territory?: string,
  pickCandidates?: readonly string[] | Promise<readonly string[]>,
): Promise<HomeSections> {
  const base = { territory, status: "active" as const };
  const section = (query: Partial<ListingQuery>) =>
    listingSection(db, { ...base, ...query }, HOME_SECTION_SIZE, []);
  // At once (issue 32): on a pool each runs on its own connection, so a choice costs the slowest
  // statement rather than their sum (in a transaction, or on PGlite, they queue as before).
  const [featured, trending, endingSoon, candidates] = await Promise.all([
    section(HOME_SECTION_QUERIES.featured),
    section(HOME_SECTION_QUERIES.trending),
    section(HOME_SECTION_QUERIES.endingSoon),
    pickCandidates ?? dailyPickCandidates(db, territory),
  ]);
  const shown = [...new Set([...featured, ...trending, ...endingSoon].map((c) => c.id))];
  // The first of the shuffled candidates not shown above, read by id; twice as many as needed,
  // as some may have sold since the candidates were drawn.
  const shownIds = new Set(shown);
  const day = new Date().toISOString().slice(0, 10);
  const order = dailyShuffle(
    candidates.filter((id) => !shownIds.has(id)),
    day,
  );
  let dailyPicks = (await openListingCardsByIds(db, order.slice(0, 2 * DAILY_PICKS_SIZE))).slice(
    0,
    DAILY_PICKS_SIZE,
  );
  // Too few candidates left (a busy day of sales, or a territory with few listings): the rest are
  // the newest open listings not shown yet, by the newest-first index.
  if (dailyPicks.length < DAILY_PICKS_SIZE) {
    const taken = [...shown, ...dailyPicks.map((c) => c.id)];
    const more = await listingSection(db, base, DAILY_PICKS_SIZE - dailyPicks.length, taken);
    dailyPicks = [...dailyPicks, ...more];
  }
  return { featured, trending, endingSoon, dailyPicks };
}
