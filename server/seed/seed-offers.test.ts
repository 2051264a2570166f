import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerSettingsIssues } from "../../core/contracts/selling";
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

  it("has fixed-price listings that take offers, and automatic amounts the rules allow", async () => {
    const [count] = await rows<{ offered: number; auctions: number }>(
      database.db,
      sql`select count(*) filter (where kind = 'fixed_price')::int as offered,
            count(*) filter (where kind = 'auction')::int as auctions
          from listings where accepts_offers`,
    );
    expect(count?.offered).toBeGreaterThan(5);
    expect(count?.auctions).toBe(0);
    const settings = await rows<{
      priceCents: number;
      autoAcceptCents: number | null;
      autoDeclineCents: number | null;
    }>(
      database.db,
      sql`select l.price_cents as "priceCents", s.auto_accept_cents as "autoAcceptCents",
            s.auto_decline_cents as "autoDeclineCents"
          from listing_offer_settings s join listings l on l.id = s.listing_id`,
    );
    expect(settings).toHaveLength(1);
    for (const s of settings) expect(offerSettingsIssues(s)).toEqual([]);
  });

  it("leaves marcus one offer to answer and devon one counteroffer, both open, below the price", async () => {
    const found = await rows<{
      buyer: string;
      seller: string;
      status: string;
      belowPrice: boolean;
      open: boolean;
    }>(
      database.db,
      sql`select b.username as buyer, s.username as seller, o.status,
            (o.amount_cents < l.price_cents and coalesce(o.counter_cents, 0) < l.price_cents
              and coalesce(o.counter_cents, o.amount_cents + 1) > o.amount_cents) as "belowPrice",
            (o.expires_at > now() and l.accepts_offers) as open
          from offers o join users b on b.id = o.buyer_id join users s on s.id = o.seller_id
          join listings l on l.id = o.listing_id
          order by b.username`,
    );
    expect(found).toEqual([
      { buyer: "devon", seller: "marcus", status: "countered", belowPrice: true, open: true },
      { buyer: "keisha", seller: "marcus", status: "pending", belowPrice: true, open: true },
    ]);
  });
});
