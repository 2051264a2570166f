import { sql } from "drizzle-orm";
import type { HomeSections, ListingCard } from "../../../core/contracts/browse";
import { DAILY_PICKS_SIZE, HOME_SECTION_SIZE } from "../../../core/limits";
import type { Db } from "../../db/client";
import { listingSection } from "../listings/listings.service";

/** The home page's four sections, optionally for one territory; no listing appears twice. */
export async function getHomeSections(db: Db, territory?: string): Promise<HomeSections> {
  const shown: string[] = [];
  const take = (cards: ListingCard[]) => {
    shown.push(...cards.map((c) => c.id));
    return cards;
  };
  const base = { territory, status: "active" as const };
  // Featured first, then the newest fill the row when a territory has few featured items.
  const featured = take(
    await listingSection(
      db,
      base,
      HOME_SECTION_SIZE,
      shown,
      sql`l.featured desc, l.created_at desc, l.id`,
    ),
  );
  // Ending Soon picks before Trending: it is the section whose items cannot wait.
  const endingSoon = take(
    await listingSection(db, { ...base, sort: "ending_soon" }, HOME_SECTION_SIZE, shown),
  );
  const trending = take(
    await listingSection(db, { ...base, sort: "most_bids" }, HOME_SECTION_SIZE, shown),
  );
  // A stable shuffle that changes once a day, so picks rotate without a job to rotate them.
  const dailyPicks = take(
    await listingSection(
      db,
      base,
      DAILY_PICKS_SIZE,
      shown,
      sql`md5(l.id::text || current_date::text), l.id`,
    ),
  );
  return { featured, trending, endingSoon, dailyPicks };
}
