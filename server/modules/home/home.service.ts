import { sql } from "drizzle-orm";
import {
  HOME_SECTION_QUERIES,
  type HomeSections,
  type ListingQuery,
} from "../../../core/contracts/browse";
import { DAILY_PICKS_SIZE, HOME_SECTION_SIZE } from "../../../core/limits";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { listingSection, whereFor } from "../listings/listings.service";

/** A stable shuffle that changes once a day, so picks rotate without a job to rotate them. */
const dailyOrder = sql`md5(l.id::text || current_date::text), l.id`;

/**
 * How many listings the day's shuffle keeps as Daily Picks candidates: the sections before it
 * take at most 3 × HOME_SECTION_SIZE, and some candidates sell during the day.
 */
export const PICK_CANDIDATES = 100;

/**
 * The first PICK_CANDIDATES open listings (of a territory) in the day's shuffle. Ordering every
 * open listing costs a scan of them all, so this runs once a day (home-cache.ts keeps it); the
 * picks are then the first of these still open and not in another section.
 */
export async function dailyPickCandidates(db: Db, territory?: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select l.id from listings l where ${whereFor({ territory, status: "active" })}
      order by ${dailyOrder} limit ${PICK_CANDIDATES}`,
  );
  return found.map((r) => r.id);
}

/**
 * The home page's four sections, optionally for one territory. Featured, Trending and Ending Soon
 * are each the first listings of their View all page (HOME_SECTION_QUERIES), so one listing may
 * show in two of them; Daily Picks, which has no such page, leaves out what they show.
 * `pickCandidates` are the day's Daily Picks candidates (dailyPickCandidates) when already known.
 */
export async function getHomeSections(
  db: Db,
  territory?: string,
  pickCandidates?: readonly string[],
): Promise<HomeSections> {
  const base = { territory, status: "active" as const };
  const section = (query: Partial<ListingQuery>) =>
    listingSection(db, { ...base, ...query }, HOME_SECTION_SIZE, []);
  const [featured, trending, endingSoon] = [
    await section(HOME_SECTION_QUERIES.featured),
    await section(HOME_SECTION_QUERIES.trending),
    await section(HOME_SECTION_QUERIES.endingSoon),
  ];
  const shown = [...new Set([...featured, ...trending, ...endingSoon].map((c) => c.id))];
  let dailyPicks = pickCandidates
    ? await listingSection(db, base, DAILY_PICKS_SIZE, shown, dailyOrder, pickCandidates)
    : null;
  // Too few candidates left (a busy day of sales): the whole shuffle, as without candidates.
  if (
    dailyPicks === null ||
    (dailyPicks.length < DAILY_PICKS_SIZE && pickCandidates?.length === PICK_CANDIDATES)
  ) {
    dailyPicks = await listingSection(db, base, DAILY_PICKS_SIZE, shown, dailyOrder);
  }
  return { featured, trending, endingSoon, dailyPicks };
}
