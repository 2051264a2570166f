import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rows } from "../db/rows";
import { openTestDatabase } from "../test/build-test-app";
import { seedDatabase } from "./seed";

describe("demo offers", () => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    await seedDatabase(database.db, { now: new Date() });
  });
  afterAll(async () => {
    await dispose?.();
  });

  it("has listings taking offers, one with automatic amounts, and an offer in each first state", async () => {
    const [counts] = await rows<{ takes: number; auto: number }>(
      database.db,
      sql`select (select count(*)::int from listings where accepts_offers and kind = 'fixed_price') as takes,
            (select count(*)::int from listing_offer_settings) as auto`,
    );
    expect(counts?.takes).toBeGreaterThan(5);
    expect(counts?.auto).toBe(1);
    const offers = await rows<{ buyer: string; status: string; order: string | null }>(
      database.db,
      sql`select u.username as buyer, o.status, ord.status::text as order from offers o
          join users u on u.id = o.buyer_id left join orders ord on ord.id = o.order_id
          order by u.username`,
    );
    expect(offers).toEqual([
      { buyer: "devon", status: "countered", order: null },
      { buyer: "keisha", status: "pending", order: null },
      { buyer: "kwame", status: "accepted", order: "pending" },
    ]);
  });
});
