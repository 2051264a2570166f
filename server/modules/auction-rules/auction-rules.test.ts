import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { auctionBeforeEnd, auctionOpen, buyItNowOpen, minNextBid } from "./auction-rules";

// The rules live twice on purpose (auction-rules.ts written out for browse queries, auction-rules.sql
// as functions for place_bid()); this holds the two forms equal on every combination of the facts
// they read, NULLs included, in the database itself.

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  // Two bands (the demo's first three are seeded, not migrated): $0-$5 by 25 cents, then by 50.
  await t.database.db.execute(sql`insert into bid_increments
    (price_range_start_cents, price_range_end_cents, minimum_increment_cents)
    values (0, 500, 25), (500, null, 50)`);
});
afterAll(async () => {
  await t?.dispose();
});

/** Every combination of status, end, Buy It Now price, bid count, start price and current bid. */
const CASES = sql`
  (select * from unnest(array['active', 'ended', 'sold']::listing_status[]) as status
    cross join unnest(array[now() - interval '1 hour', now() + interval '1 hour', null]) as ends_at
    cross join unnest(array[null, 500]::int[]) as bin
    cross join unnest(array[null, 0, 2]::int[]) as bid_count
    cross join unnest(array[100]::int[]) as start_price
    cross join unnest(array[null, 1, 100, 999, 1000, 25000, 999999]::int[]) as current_bid) c`;

describe("auction rules (auction-rules.ts against auction-rules.sql)", () => {
  it("agree on open, Buy It Now open and the minimum next bid in every case", async () => {
    const cases = await rows<{ differ: number; total: number }>(
      t.database.db,
      sql`select count(*)::int as total, count(*) filter (where
            ${auctionBeforeEnd(sql`c.ends_at`)} is distinct from auction_before_end(c.ends_at)
            or ${auctionOpen(sql`c.status`, sql`c.ends_at`)}
              is distinct from auction_open(c.status, c.ends_at)
            or ${buyItNowOpen({
              buyItNowPriceCents: sql`c.bin`,
              bidCount: sql`c.bid_count`,
              status: sql`c.status`,
              endsAt: sql`c.ends_at`,
            })} is distinct from auction_buy_it_now_open(c.bin, c.bid_count, c.status, c.ends_at)
            or ${minNextBid(sql`c.start_price`, sql`c.current_bid`)}
              is distinct from auction_min_next_bid(c.start_price, c.current_bid)
          )::int as differ
          from ${CASES}`,
    );
    expect(cases[0]).toEqual({ total: 3 * 3 * 2 * 3 * 1 * 7, differ: 0 });
  });

  it("say what the rules say: open before the end, Buy It Now until the first bid, next bid one increment up", async () => {
    const [row] = await rows<Record<string, unknown>>(
      t.database.db,
      sql`select
            ${auctionOpen(sql`'active'::listing_status`, sql`now() + interval '1 minute'`)} as open,
            ${auctionOpen(sql`'active'::listing_status`, sql`now() - interval '1 minute'`)} as past_end,
            ${auctionOpen(sql`'sold'::listing_status`, sql`now() + interval '1 minute'`)} as sold,
            ${buyItNowOpen({
              buyItNowPriceCents: sql`500`,
              bidCount: sql`1`,
              status: sql`'active'::listing_status`,
              endsAt: sql`now() + interval '1 minute'`,
            })} as bin_after_a_bid,
            ${minNextBid(sql`100`, sql`null::int`)} as first_bid,
            ${minNextBid(sql`100`, sql`1000`)} as after_ten_dollars`,
    );
    expect(row).toEqual({
      open: true,
      past_end: false,
      sold: false,
      bin_after_a_bid: false,
      first_bid: 100,
      // $10.00 falls in the band from $5.00, whose increment is $0.50.
      after_ten_dollars: 1050,
    });
  });
});
