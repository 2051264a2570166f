import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EXACT_TOTAL_LIMIT, listingQuerySchema } from "../../../core/contracts/browse";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import {
  createOverLimitCache,
  FEATURED_WALK_LIMIT,
  MATCH_FIRST_LIMIT,
  searchListings,
} from "./listings.service";

// Best Match of a common word reads its pinned featured listings inside its named page statement,
// by a walk of the newest FEATURED_WALK_LIMIT open featured listings (decision 0034), and reads them
// apart when that walk cannot be sure. Whichever way, the pins must be the search's own: its
// newest matching featured listings, at most three, none of them also in the page's items.

const t = setUpTestApp();

/** `count` copies of `template` (its every column but id, date and flags), the newest `newestMs` ago. */
async function copies(
  db: Db,
  templateId: string,
  count: number,
  stepMs: number,
  featured: boolean,
) {
  const columns = await rows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
      where table_name = 'listings' and is_generated = 'NEVER'
        and column_name not in ('id', 'created_at', 'featured')`,
  );
  const list = sql.raw(columns.map((c) => `"${c.name}"`).join(", "));
  await db.execute(sql`insert into listings (${list}, featured, created_at)
    select ${list}, ${featured}, now() - (i * ${stepMs} || ' milliseconds')::interval
    from listings l, generate_series(1, ${count}::int) i where l.id = ${templateId}::uuid`);
}

/** What the pins must be: the newest open featured listings holding the word, at most three. */
async function expectedPins(db: Db, word: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select id from listings where featured and status = 'active' and moderation = 'visible'
      and search_vector @@ websearch_to_tsquery('english', ${word})
      order by created_at desc, id limit 3`,
  );
  return found.map((r) => r.id);
}

describe("Best Match's pinned featured listings", () => {
  it("are the search's newest featured matches, found by the page's walk or apart", async () => {
    const db = t.database.db;
    const papaya = await createListing(db, { title: "Papaya seeds", description: "Fresh." });
    const teak = await createListing(db, { title: "Teak bowl", description: "Carved." });
    // More matches than a search ranks all of (MATCH_FIRST_LIMIT), a minute apart.
    await copies(db, papaya.id, MATCH_FIRST_LIMIT + 100, 60_000, false);
    const search = async (on: Db) => {
      const q = listingQuerySchema.parse({ search: "papaya" });
      // As the route: the instance remembers the count, and pins on the first page.
      const overLimit = createOverLimitCache();
      const page = await searchListings(on, q, EXACT_TOTAL_LIMIT, overLimit, undefined, true);
      expect(page.total).toBeGreaterThan(MATCH_FIRST_LIMIT);
      const ids = (page.pinned ?? []).map((c) => c.id);
      expect(page.items.filter((c) => ids.includes(c.id))).toEqual([]);
      return ids;
    };
    // Each check several times on one connection: PostgreSQL keeps a generic plan after five.
    const check = async (on: Db, expected: string[]) => {
      for (let run = 0; run < 7; run++) expect(await search(on)).toEqual(expected);
    };
    const feature = (where: ReturnType<typeof sql>) =>
      db.execute(sql`update listings set featured = ${where} where title = 'Papaya seeds'`);

    const limited = t.database.limitedConnection;
    const connection = limited ? await limited(10_000) : null;
    const on = connection?.db ?? db;
    try {
      // Five featured matches: the walk finds the newest three.
      await feature(sql`created_at in (select created_at from listings
        where title = 'Papaya seeds' order by created_at desc offset 10 limit 5)`);
      const five = await expectedPins(db, "papaya");
      expect(five).toHaveLength(3);
      await check(on, five);

      // Two: the walk read every open featured listing, so two is the answer.
      await feature(sql`created_at in (select created_at from listings
        where title = 'Papaya seeds' order by created_at desc offset 50 limit 2)`);
      const two = await expectedPins(db, "papaya");
      expect(two).toHaveLength(2);
      await check(on, two);

      // The same two behind more newer featured listings than the walk reads: read apart.
      await copies(db, teak.id, FEATURED_WALK_LIMIT + 20, 1_000, true);
      expect(await expectedPins(db, "papaya")).toEqual(two);
      await check(on, two);
    } finally {
      connection?.release();
    }
  }, 120_000);
});
