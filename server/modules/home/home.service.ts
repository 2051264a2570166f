import { sql } from "drizzle-orm";
import type { HomeSections, ListingCard } from "../../../core/contracts/browse";
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
 * The home page's four sections, optionally for one territory; no listing appears twice.
 * `pickCandidates` are the day's Daily Picks candidates (dailyPickCandidates) when already known.
 */
export async function getHomeSections(
  db: Db,
  territory?: string,
  pickCandidates?: readonly string[],
): Promise<HomeSections> {
  const shown: string[] = [];
  const take = (cards: ListingCard[]) => {
    shown.push(...cards.map((c) => c.id));
    return cards;
  };
  const base = { territory, status: "active" as const };
  const newest = sql`l.created_at desc, l.id`;
  // Featured first, then the newest fill the row when a territory has few featured items: two
  // queries, each in the order of an index (featured, newest), rather than one sort of every open
  // listing by "featured, then newest".
  const featured = take(
    await listingSection(db, { ...base, featured: true }, HOME_SECTION_SIZE, shown, newest),
  );
  if (featured.length < HOME_SECTION_SIZE) {
    featured.push(
      ...take(await listingSection(db, base, HOME_SECTION_SIZE - featured.length, shown, newest)),
    );
  }
  // Ending Soon picks before Trending: it is the section whose items cannot wait.
  const endingSoon = take(
    await listingSection(db, { ...base, sort: "ending_soon" }, HOME_SECTION_SIZE, shown),
  );
  const trending = take(
    await listingSection(db, { ...base, sort: "most_bids" }, HOME_SECTION_SIZE, shown),
  );
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
  take(dailyPicks);
  return { featured, trending, endingSoon, dailyPicks };
}
