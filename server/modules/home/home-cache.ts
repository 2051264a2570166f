import type { HomeSections, ListingCard } from "../../../core/contracts/browse";
import type { Db } from "../../db/client";
import { openListingCardsByIds } from "../listings/listings.service";
import { dailyPickCandidates, getHomeSections } from "./home.service";

type SectionName = keyof HomeSections;
const SECTIONS: readonly SectionName[] = ["featured", "trending", "endingSoon", "dailyPicks"];

interface Entry {
  /** Which listings each section shows, as last computed. */
  ids: Record<SectionName, string[]>;
  at: number;
  refreshing: Promise<void> | null;
}

/** Runs a read on the database the request may use (the replica or the primary: public-reads.ts). */
export type Reader = <T>(read: (db: Db) => Promise<T>) => Promise<T>;

export interface HomeCache {
  get(territory?: string, read?: Reader): Promise<HomeSections>;
}

/**
 * The home sections per territory (issue 18). Choosing them costs several index walks, Daily
 * Picks a shuffle of every open listing, and every visitor asks for the same few answers: so the
 * choice (which listings each section shows) is kept `ttlMs` per territory, and recomputed in the
 * background when older while the last one is still served; the day's Daily Picks candidates are
 * computed once a day (UTC). The cards themselves are read fresh on every request, so prices,
 * bids and time left are current, and a listing sold or ended since drops out until the next
 * choice. One cache per app instance; `ttlMs` 0 recomputes on every request.
 */
export function createHomeCache(db: Db, ttlMs: number, now = () => Date.now()): HomeCache {
  const entries = new Map<string, Entry>();
  const candidates = new Map<string, { day: string; ids: Promise<string[]> }>();

  const today = () => new Date(now()).toISOString().slice(0, 10);

  const direct: Reader = (read) => read(db);

  function pickCandidates(territory: string | undefined, read: Reader): Promise<string[]> {
    const key = territory ?? "";
    const day = today();
    const known = candidates.get(key);
    if (known && known.day === day) return known.ids;
    const ids = read((db) => dailyPickCandidates(db, territory));
    candidates.set(key, { day, ids });
    // A failure is not kept: the next request tries again.
    ids.catch(() => {
      if (candidates.get(key)?.ids === ids) candidates.delete(key);
    });
    return ids;
  }

  async function compute(territory: string | undefined, read: Reader): Promise<HomeSections> {
    // The day's candidates are drawn while the sections are chosen (getHomeSections).
    const picks = pickCandidates(territory, read);
    const sections = await read((db) => getHomeSections(db, territory, picks));
    const ids = Object.fromEntries(
      SECTIONS.map((name) => [name, sections[name].map((c) => c.id)]),
    ) as Record<SectionName, string[]>;
    const key = territory ?? "";
    const entry = entries.get(key);
    if (entry) {
      entry.ids = ids;
      entry.at = now();
    } else {
      entries.set(key, { ids, at: now(), refreshing: null });
    }
    return sections;
  }

  return {
    async get(territory, read = direct) {
      const entry = ttlMs > 0 ? entries.get(territory ?? "") : undefined;
      if (!entry) return compute(territory, read);
      if (now() - entry.at >= ttlMs && !entry.refreshing) {
        entry.refreshing = compute(territory, read)
          .then(() => undefined)
          // The last choice keeps being served; the next request past the time tries again.
          .catch(() => undefined)
          .finally(() => {
            entry.refreshing = null;
          });
      }
      const ids = entry.ids;
      const all = SECTIONS.flatMap((name) => ids[name]);
      const cards = new Map(
        (await read((db) => openListingCardsByIds(db, all))).map((c): [string, ListingCard] => [
          c.id,
          c,
        ]),
      );
      const pick = (name: SectionName) => ids[name].flatMap((id) => cards.get(id) ?? []);
      return {
        featured: pick("featured"),
        trending: pick("trending"),
        endingSoon: pick("endingSoon"),
        dailyPicks: pick("dailyPicks"),
      };
    },
  };
}
