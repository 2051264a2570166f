import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

// My Bids shows each bidder the maximum they last set on each auction. A leader who raises their
// maximum records no visible bid (the price does not move), so the raise must still be what My
// Bids shows once someone outbids them. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const t = setUpTestApp();
let seller: { id: string };
beforeAll(async () => {
  seller = await createUser(t.database.db, "seller");
});

async function newAuction(startCents: number) {
  return createListing(t.database.db, {
    sellerId: seller.id,
    title: `Auction ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: startCents,
    images: 0,
    auction: { endTime: new Date(Date.now() + 3_600_000) },
  });
}

async function newBidder(): Promise<Agent> {
  const user = await createUser(t.database.db, "bidder");
  return signedInAgent(t.app, t.database.db, user.id);
}

const bid = (agent: Agent, listingId: string, amountCents: number, maxAmountCents: number | null) =>
  agent.post(`/api/listings/${listingId}/bids`, {
    amountCents,
    ...(maxAmountCents !== null ? { maxAmountCents } : {}),
  });

/** The maximum My Bids shows this bidder for this auction. */
async function myMax(agent: Agent, listingId: string): Promise<number | null | undefined> {
  const res = await agent.get("/api/me/bids?pageSize=100");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.find((b: { listing: { id: string } }) => b.listing.id === listingId)
    ?.maxAmountCents;
}

describe("GET /api/me/bids: a bidder's maximum", () => {
  it("is the leader's raised maximum after they are outbid (the audit's $55.78 raised to $68.78)", async () => {
    const listing = await newAuction(5000);
    const leader = await newBidder();
    const rival = await newBidder();
    expect((await bid(leader, listing.id, 5000, 5578)).statusCode).toBe(201);
    // The raise moves no price, so it records no visible bid.
    const raised = await bid(leader, listing.id, 5100, 6878);
    expect(raised.statusCode, raised.body).toBe(201);
    expect(raised.json().auction.bidCount).toBe(1);
    expect(await myMax(leader, listing.id)).toBe(6878);

    const outbid = await bid(rival, listing.id, 7000, 9000);
    expect(outbid.statusCode, outbid.body).toBe(201);
    expect(outbid.json().leading).toBe(true);
    expect(await myMax(leader, listing.id)).toBe(6878);
    expect(await myMax(rival, listing.id)).toBe(9000);
  });

  it("is the highest maximum each bidder entered, over random bid sequences", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 5000 }),
        fc.array(
          fc.record({
            bidder: fc.integer({ min: 0, max: 2 }),
            // Around the minimum next bid, so most are accepted and some refused.
            over: fc.integer({ min: -50, max: 800 }),
            // No maximum (it is the amount), or one above the amount; a leader's raise is the
            // case where a bidder bids while leading with a higher maximum.
            extra: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null, freq: 2 }),
          }),
          { minLength: 2, maxLength: 12 },
        ),
        async (start, attempts) => {
          const listing = await newAuction(start);
          const agents = [await newBidder(), await newBidder(), await newBidder()];
          const entered = new Map<number, number>();
          let minNext = start;
          for (const attempt of attempts) {
            const agent = agents[attempt.bidder] as Agent;
            const amount = Math.max(1, minNext + attempt.over);
            const max = attempt.extra === null ? null : amount + attempt.extra;
            const res = await bid(agent, listing.id, amount, max);
            expect(res.statusCode, res.body).toBeLessThan(500);
            if (res.statusCode !== 201) continue;
            minNext = res.json().auction.minNextBidCents;
            entered.set(attempt.bidder, Math.max(entered.get(attempt.bidder) ?? 0, max ?? amount));
          }
          for (const [index, highest] of entered) {
            const context = JSON.stringify({ start, attempts, bidder: index });
            expect(await myMax(agents[index] as Agent, listing.id), context).toBe(highest);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);
});
