import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingQuerySchema } from "../../../core/contracts/browse";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import { MATCH_FIRST_LIMIT, searchListings } from "./listings.service";

// Best Match of a common word reads its page through a named statement (preparedRows, decision
// 0030): PostgreSQL plans it for its values five times, then may keep one generic plan, made
// without them. The two kinds of plan must give the same page, and the generic one must not test
// each listing against a tsquery built again per row. This runs the same searches on one
// connection past the fifth run and checks every answer is the first one's, and, on the
// PostgreSQL server, that the connection did switch to the generic plan.

const t = setUpTestApp();

/** More open listings holding "mango" than a search counts before walking (MATCH_FIRST_LIMIT). */
async function manyMangoes(db: Db) {
  const template = await createListing(db, {
    title: "Mango chutney jar",
    description: "Homemade in Grenada.",
  });
  const teak = await createListing(db, {
    title: "Teak bowl",
    description: "Carved, holds a mango or two.",
  });
  const columns = await rows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
      where table_name = 'listings' and is_generated = 'NEVER'
        and column_name not in ('id', 'created_at', 'title')`,
  );
  const list = sql.raw(columns.map((c) => `"${c.name}"`).join(", "));
  // Titles and dates vary so the ranking (title first, then rank, day, ...) has work to do.
  await db.execute(sql`insert into listings (${list}, title, created_at)
    select ${list},
      case when i % 3 = 0 then 'Teak bowl ' || i else 'Mango chutney jar ' || i end,
      now() - (i || ' minutes')::interval
    from listings l, generate_series(1, ${MATCH_FIRST_LIMIT + 400}::int) i
    where l.id = case when i % 3 = 0 then ${teak.id}::uuid else ${template.id}::uuid end`);
}

describe("Best Match through a named statement", () => {
  it("gives the same pages on every run, before and after PostgreSQL keeps a generic plan", async () => {
    await manyMangoes(t.database.db);
    const search = async (db: Db, page: number) =>
      searchListings(db, listingQuerySchema.parse({ search: "mango", page: String(page) }));

    const check = async (db: Db) => {
      // One after the other: one connection runs one statement at a time.
      const first = [await search(db, 1), await search(db, 2), await search(db, 8)];
      expect(first[0]?.total).toBeGreaterThan(MATCH_FIRST_LIMIT);
      // Titles holding the word come first (Best Match), and page 8 is the last ranked one.
      expect(first[0]?.items.every((c) => c.title.startsWith("Mango"))).toBe(true);
      expect(first[2]?.items).toHaveLength(24);
      for (let run = 0; run < 7; run++) {
        for (const [i, page] of [1, 2, 8].entries()) {
          const again = await search(db, page);
          expect(again.items.map((c) => c.id)).toEqual(first[i]?.items.map((c) => c.id));
        }
      }
    };

    const limited = t.database.limitedConnection;
    if (!limited) {
      await check(t.database.db); // PGlite: no named statements, the same answers
      return;
    }
    const connection = await limited(10_000);
    try {
      await check(connection.db);
      const [plans] = await rows<{ generic: number; signed: boolean }>(
        connection.db,
        sql`select coalesce(sum(generic_plans), 0)::int as generic,
            coalesce(bool_or(statement like '%search_query_signature%'), false) as signed
          from pg_prepared_statements where name like 'best_match_page_%'`,
      );
      expect(plans?.generic).toBeGreaterThan(0);
      // The walk with the word signature is among them (the page a common word's search sends).
      expect(plans?.signed).toBe(true);
    } finally {
      connection.release();
    }
  }, 120_000);
});
