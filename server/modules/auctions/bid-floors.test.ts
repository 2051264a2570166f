import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { BID_MESSAGES } from "../../../core/contracts/bidding";
import { topics } from "../../../core/events";
import { KeyedLimiter } from "../../concurrency";
import type { Database, NamedStatement } from "../../db/client";
import { rows } from "../../db/rows";
import { AppError } from "../../errors";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";
import { settleDueAuctions } from "./auction-settlement";
import { BidFloors, CONFIRM_MS } from "./bid-floors";
import { type BiddingDeps, PLACE_BID, type PlaceBidRow, placeBid } from "./bidding.service";

const t = setUpTestApp();

const hour = 3_600_000;

/** The real database, counting the bids it is asked to decide. */
function countingDatabase() {
  const counted = { bids: 0 };
  const database: Pick<Database, "run"> = {
    run<T extends Record<string, unknown>>(statement: NamedStatement, params: unknown[]) {
      if (statement.name === PLACE_BID.name) counted.bids++;
      return t.database.run<T>(statement, params);
    },
  };
  return { database, counted };
}

/** An instance's bidding: this test's known prices and turns, on the test app's database and bus. */
function instance(now: () => number = Date.now) {
  const { database, counted } = countingDatabase();
  const floors = new BidFloors(database, t.app.bus, now);
  const deps: BiddingDeps = { database, softCloseMinutes: 2, floors, gate: new KeyedLimiter(1) };
  return { deps, floors, counted };
}

async function newAuction(startCents = 1000) {
  const seller = await createUser(t.database.db, "seller");
  const listing = await createListing(t.database.db, {
    sellerId: seller.id,
    title: `Auction ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: startCents,
    auction: { endTime: new Date(Date.now() + hour) },
  });
  return { listingId: listing.id, sellerId: seller.id };
}

async function users(n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, async () => (await createUser(t.database.db)).id));
}

/** What a bid answers: accepted, or the refusal's status, code, message and fields. */
async function outcome(
  deps: BiddingDeps,
  listingId: string,
  bidderId: string,
  amountCents: number,
  maxAmountCents?: number,
) {
  try {
    await placeBid(deps, listingId, bidderId, { amountCents, maxAmountCents });
    return { accepted: true as const };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      accepted: false as const,
      status: err.statusCode,
      code: err.code,
      message: err.message,
      fields: err.fields,
    };
  }
}

/** What place_bid() would decide for this bid now, without keeping anything it writes. */
async function databaseVerdict(
  listingId: string,
  bidderId: string,
  amountCents: number,
  maxAmountCents?: number,
): Promise<PlaceBidRow["outcome"]> {
  let verdict: PlaceBidRow["outcome"] | undefined;
  await t.database.db
    .transaction(async (tx) => {
      const [r] = await rows<PlaceBidRow>(
        tx,
        sql`select * from place_bid(${listingId}::uuid, ${bidderId}::uuid, ${amountCents}::int,
          ${maxAmountCents ?? null}::int, 2)`,
      );
      verdict = r?.outcome;
      tx.rollback();
    })
    .catch(() => undefined);
  if (!verdict) throw new Error("place_bid answered nothing");
  return verdict;
}

/** Waits until the instance knows a price for the auction (the read that starts following it). */
const known = (floors: BidFloors, listingId: string, bidderId: string) =>
  vi.waitFor(
    () => {
      const price = floors.knownPrice(listingId, bidderId);
      if (!price) throw new Error("no known price yet");
      return price;
    },
    { timeout: 3000, interval: 10 },
  );

describe("refusing beaten bids in the instance (bid-floors.ts)", () => {
  it("refuses a bid at or below a price it knows without asking the database, in the database's words", async () => {
    const { deps, floors, counted } = instance();
    const { listingId } = await newAuction();
    const [ana, ben, cy] = (await users(3)) as [string, string, string];
    expect(await outcome(deps, listingId, ana, 1000)).toEqual({ accepted: true });
    expect(await outcome(deps, listingId, ben, 2000)).toEqual({ accepted: true });
    expect(await known(floors, listingId, cy)).toEqual({ priceCents: 1050, minNextCents: 1100 });
    const asked = counted.bids;

    const early = await outcome(deps, listingId, cy, 1050);
    expect(counted.bids).toBe(asked);
    expect(await databaseVerdict(listingId, cy, 1050)).toBe("too_low");
    // The same answer the database's refusal gives (bidding.service.ts).
    expect(early).toEqual({
      accepted: false,
      status: 422,
      code: "bid_too_low",
      message: BID_MESSAGES.tooLow,
      fields: { amountCents: "Enter $11.00 or more" },
    });

    // A cent above the known price is the database's to decide (here it refuses too: below $11.00).
    expect(await outcome(deps, listingId, cy, 1051)).toEqual(early);
    expect(counted.bids).toBe(asked + 1);
    floors.close();
  });

  it("leaves the seller's and the leader's own bids to the database", async () => {
    const { deps, floors, counted } = instance();
    const { listingId, sellerId } = await newAuction();
    const [ana, ben] = (await users(2)) as [string, string];
    await outcome(deps, listingId, ana, 1000);
    await outcome(deps, listingId, ben, 1500);
    await known(floors, listingId, ana);
    const asked = counted.bids;

    expect(await outcome(deps, listingId, sellerId, 500)).toMatchObject({
      status: 403,
      message: BID_MESSAGES.ownListing,
    });
    // Ben leads: his bid below the price is "already leading", with his own maximum's minimum.
    expect(await outcome(deps, listingId, ben, 1000)).toMatchObject({
      status: 422,
      message: BID_MESSAGES.alreadyLeading,
      fields: { amountCents: "Enter $15.01 or more" },
    });
    expect(counted.bids).toBe(asked + 2);
    floors.close();
  });

  it("hears prices from bids decided elsewhere, over the realtime bus", async () => {
    const { deps, floors, counted } = instance();
    const { listingId } = await newAuction();
    const [ana, ben, cy] = (await users(3)) as [string, string, string];
    await outcome(deps, listingId, ana, 1000);
    await known(floors, listingId, cy);
    // Another instance's bid: straight to the database, the event on the bus.
    await t.database.run(PLACE_BID, [listingId, ben, 3000, null, 2]);
    await vi.waitFor(() => expect(floors.knownPrice(listingId, cy)?.priceCents).toBe(1050), {
      timeout: 3000,
      interval: 10,
    });
    const asked = counted.bids;
    expect(await outcome(deps, listingId, cy, 1050)).toMatchObject({ status: 422 });
    expect(counted.bids).toBe(asked);
    floors.close();
  });

  it("asks the database again once the auction ended, or after a while without news of it", async () => {
    let clock = Date.now();
    const { deps, floors, counted } = instance(() => clock);
    const { listingId } = await newAuction();
    const [ana, ben, cy] = (await users(3)) as [string, string, string];
    // Ana's bid reaches the floor twice: from its start-up read and over the bus. News over the bus
    // confirms the auction open at the clock's time, so it must be in before the clock moves (on
    // PostgreSQL it came after once, and the refusal below was early).
    let busNews = 0;
    const stopListening = t.app.bus.subscribe(topics.auction(listingId), (event) => {
      if (event.name === "auction.updated") busNews += 1;
    });
    await outcome(deps, listingId, ana, 1000);
    await known(floors, listingId, cy);
    await vi.waitFor(() => expect(busNews).toBeGreaterThan(0), { timeout: 3000, interval: 10 });
    stopListening();

    // No bid and no event for longer than CONFIRM_MS: the auction may have been taken down since.
    clock += CONFIRM_MS + 1;
    let asked = counted.bids;
    expect(await outcome(deps, listingId, cy, 900)).toMatchObject({ status: 422 });
    expect(counted.bids).toBe(asked + 1);
    // That refusal came from the database: it showed the auction open, so the next one is early.
    asked = counted.bids;
    expect(await outcome(deps, listingId, cy, 900)).toMatchObject({ status: 422 });
    expect(counted.bids).toBe(asked);

    await outcome(deps, listingId, ben, 1500);
    await t.database.db.execute(
      sql`update auction_settings set end_time = now() - interval '1 second' where listing_id = ${listingId}`,
    );
    await settleDueAuctions(t.database.db);
    await vi.waitFor(() => expect(floors.knownPrice(listingId, cy)).toBeUndefined(), {
      timeout: 3000,
      interval: 10,
    });
    asked = counted.bids;
    expect(await outcome(deps, listingId, cy, 900)).toMatchObject({
      status: 422,
      message: BID_MESSAGES.ended,
    });
    expect(counted.bids).toBe(asked + 1);
    floors.close();
  });

  it("never refuses early a bid the database would accept, on random bidding", async () => {
    const { deps, floors, counted } = instance();
    const { listingId } = await newAuction(500);
    const bidders = await users(4);
    let early = 0;
    let price = 500;
    for (let i = 0; i < 120; i++) {
      const bidder = bidders[Math.floor(Math.random() * bidders.length)] as string;
      // Around the price: below it, at it, a little and a lot above, some with a maximum.
      const amount = Math.max(1, price + Math.floor((Math.random() - 0.5) * 6) * 50);
      const max = Math.random() < 0.3 ? amount + Math.floor(Math.random() * 4) * 50 : undefined;
      const asked = counted.bids;
      const verdict = await databaseVerdict(listingId, bidder, amount, max);
      const answer = await outcome(deps, listingId, bidder, amount, max);
      if (counted.bids === asked) {
        early++;
        expect(verdict, `bid ${amount} (max ${max}) refused early`).not.toBe("accepted");
        expect(answer.accepted).toBe(false);
      } else {
        expect(answer.accepted).toBe(verdict === "accepted");
      }
      const [state] = await rows<{ price: number | null }>(
        t.database.db,
        sql`select current_bid_cents as price from auction_settings where listing_id = ${listingId}`,
      );
      price = state?.price ?? price;
    }
    // The check did run: some bids were beaten before they were sent.
    expect(early).toBeGreaterThan(0);
    floors.close();
  });
});
