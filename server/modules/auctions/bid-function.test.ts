import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuctionBook,
  decideBid,
  type IncrementBand,
  minNextBidCents,
} from "../../../core/bidding";
import { formatMoney } from "../../../core/money";
import {
  AUCTION_RULES_SQL,
  PLACE_BID_SQL,
  routineSources,
  storedRoutineSources,
} from "../../db/routines";
import { rows } from "../../db/rows";
import { bidIncrements } from "../../db/schema/auctions";
import { seedDatabase } from "../../seed/seed";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";
import { PLACE_BID, type PlaceBidRow, placeBidParams } from "./bidding.service";

// place_bid() (place-bid.sql, beside this file) re-states decideBid in PL/pgSQL so that a bid costs one
// round trip. decideBid stays the specification: random bid sequences go through both, and every
// answer, every recorded bid and every stored state must agree.
let t: TestDatabase;
let bidders: string[];
beforeAll(async () => {
  t = await openTestDatabase();
  // The rule under test is the file's: the database holds each of its functions as written there.
  const file = routineSources(
    [AUCTION_RULES_SQL, PLACE_BID_SQL].map((f) => readFileSync(f, "utf8")).join("\n"),
  );
  expect(await storedRoutineSources(t.database.db, file.keys())).toEqual(file);
  await seedDatabase(t.database.db, {});
  bidders = [];
  for (let i = 0; i < 4; i++) bidders.push((await createUser(t.database.db, "prop")).id);
});
afterAll(async () => {
  await t?.dispose();
});

/** Contiguous bands from `first`, the last one open; below `first` no band applies (one cent). */
const bandsArb = fc
  .record({
    first: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 300 })),
    steps: fc.array(
      fc.record({
        width: fc.integer({ min: 1, max: 3000 }),
        inc: fc.integer({ min: 1, max: 400 }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map(({ first, steps }) => {
    const bands: IncrementBand[] = [];
    let start = first;
    steps.forEach((s, i) => {
      const last = i === steps.length - 1;
      bands.push({
        startCents: start,
        endCents: last ? null : start + s.width,
        incrementCents: s.inc,
      });
      start += s.width;
    });
    return bands;
  });

describe("place_bid()", () => {
  it("answers and writes exactly what decideBid decides, on random bid sequences", async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(
        bandsArb,
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.integer({ min: 1, max: 20000 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 30000 }), { nil: null }),
        fc.array(
          fc.record({
            bidder: fc.integer({ min: 0, max: 3 }),
            // Offsets around the minimum, so most bids are valid and some are not.
            over: fc.integer({ min: -300, max: 3000 }),
            extra: fc.option(fc.integer({ min: -200, max: 5000 }), { nil: null }),
            // Or a maximum right at the leader's, where ties and one-cent margins decide.
            nearLeader: fc.option(fc.integer({ min: -1, max: 1 }), { nil: null, freq: 3 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        async (bands, start, reserve, buyNow, attempts) => {
          await db.delete(bidIncrements);
          await db.insert(bidIncrements).values(
            bands.map((b) => ({
              priceRangeStartCents: b.startCents,
              priceRangeEndCents: b.endCents,
              minimumIncrementCents: b.incrementCents,
            })),
          );
          const listing = await createListing(db, {
            title: `Lot "${start}" & co`,
            priceCents: start,
            images: 0,
            auction: {
              endTime: new Date(Date.now() + 3_600_000),
              reservePriceCents: reserve,
              buyItNowPriceCents: buyNow,
            },
          });
          let book: AuctionBook = {
            startPriceCents: start,
            reservePriceCents: reserve,
            currentBidCents: null,
            leaderId: null,
            leaderMaxCents: null,
          };
          let recorded = 0;
          for (const attempt of attempts) {
            const bidderId = bidders[attempt.bidder] as string;
            let amount = Math.max(1, minNextBidCents(book, bands) + attempt.over);
            let max = attempt.extra === null ? null : Math.max(1, amount + attempt.extra);
            if (attempt.nearLeader !== null && book.leaderMaxCents !== null) {
              max = book.leaderMaxCents + attempt.nearLeader;
              amount = Math.min(max, minNextBidCents(book, bands));
            }
            const decision = decideBid(
              book,
              { bidderId, amountCents: amount, maxAmountCents: max },
              bands,
            );
            const [r] = await t.database.run<PlaceBidRow>(
              PLACE_BID,
              placeBidParams(listing.id, bidderId, { amountCents: amount, maxAmountCents: max }, 2),
            );
            const context = JSON.stringify({ book, bidderId, amount, max, bands });

            if (!decision.ok) {
              const expected =
                decision.reason === "max_below_amount"
                  ? "max_below_amount"
                  : book.leaderId === bidderId
                    ? "already_leading"
                    : "too_low";
              expect(r?.outcome, context).toBe(expected);
              if (decision.reason === "too_low") {
                expect(r?.minimum_cents, context).toBe(decision.minimumCents);
              }
              continue;
            }

            expect(r?.outcome, context).toBe("accepted");
            const next = decision.book;
            expect(r, context).toMatchObject({
              current_bid_cents: next.currentBidCents,
              leader_id: next.leaderId,
              outbid_id: decision.outbidId,
              min_next_cents: minNextBidCents(next, bands),
              bid_count: recorded + decision.visible.length,
              start_price_cents: start,
              reserve_price_cents: reserve,
              buy_it_now_price_cents: buyNow,
            });

            const [state] = await rows<{ leader_max_cents: number; current_bid_cents: number }>(
              db,
              sql`select leader_max_cents, current_bid_cents from auction_settings where listing_id = ${listing.id}`,
            );
            expect(state?.leader_max_cents, context).toBe(next.leaderMaxCents);

            const written = await rows<{
              bidder_id: string;
              amount_cents: number;
              max_amount_cents: number | null;
            }>(
              db,
              sql`select bidder_id, amount_cents, max_amount_cents from bids where listing_id = ${listing.id}
                  order by placed_at offset ${recorded}`,
            );
            expect(
              written.map((w) => ({
                bidderId: w.bidder_id,
                amountCents: w.amount_cents,
                maxAmountCents: w.max_amount_cents,
              })),
              context,
            ).toEqual(decision.visible);
            recorded += decision.visible.length;

            // The leader's latest bid carries their maximum, a raise without a visible bid
            // included: My Bids reads it there once they are outbid.
            const [latest] = await rows<{ max_amount_cents: number | null }>(
              db,
              sql`select max_amount_cents from bids
                  where listing_id = ${listing.id} and bidder_id = ${next.leaderId}
                  order by placed_at desc limit 1`,
            );
            expect(latest?.max_amount_cents, context).toBe(next.leaderMaxCents);

            // Only the leader's bids stand; everyone else's read outbid, as the old write did.
            const active = await rows<{ bidder_id: string }>(
              db,
              sql`select distinct bidder_id from bids where listing_id = ${listing.id} and status = 'active'`,
            );
            for (const a of active) expect(a.bidder_id, context).toBe(next.leaderId);

            const told = await rows<{ user_id: string; message: string }>(
              db,
              sql`select user_id, message from notifications where link = ${`/listing/${listing.id}`}`,
            );
            if (decision.outbidId) {
              expect(told, context).toEqual([
                {
                  user_id: decision.outbidId,
                  message: `You've been outbid on "${listing.title}". The current bid is ${formatMoney(next.currentBidCents ?? 0)}.`,
                },
              ]);
              await db.execute(
                sql`delete from notifications where link = ${`/listing/${listing.id}`}`,
              );
            } else {
              expect(told, context).toEqual([]);
            }
            book = next;
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 180_000);
});
