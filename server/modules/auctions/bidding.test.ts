import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { auctionSettings, bids } from "../../db/schema/auctions";
import { listings } from "../../db/schema/listings";
import { notifications } from "../../db/schema/notifications";
import { auctionOrders, orders } from "../../db/schema/orders";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { settleDueAuctions } from "./auction-settlement";

const t = setUpTestApp();

const hour = 3_600_000;

async function newAuction(
  options: { startCents?: number; endsInMs?: number; reserveCents?: number } = {},
) {
  const seller = await createUser(t.database.db, "seller");
  const listing = await createListing(t.database.db, {
    sellerId: seller.id,
    title: `Auction ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: options.startCents ?? 1000,
    auction: {
      endTime: new Date(Date.now() + (options.endsInMs ?? hour)),
      reservePriceCents: options.reserveCents ?? null,
    },
  });
  return { listing, seller };
}

async function bidder(name = "bidder"): Promise<{ agent: Agent; id: string }> {
  const user = await createUser(t.database.db, name);
  return { agent: await signedInAgent(t.app, t.database.db, user.id), id: user.id };
}

const bid = (agent: Agent, listingId: string, amountCents: number, maxAmountCents?: number) =>
  agent.post(`/api/listings/${listingId}/bids`, {
    amountCents,
    ...(maxAmountCents ? { maxAmountCents } : {}),
  });

describe("POST /api/listings/:id/bids", () => {
  it("accepts a first bid at the start price and reports the new state", async () => {
    const { listing } = await newAuction();
    const ana = await bidder("ana");
    const res = await bid(ana.agent, listing.id, 1000);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      leading: true,
      message: "Your bid of $10.00 has been placed.",
      auction: { currentBidCents: 1000, bidCount: 1, minNextBidCents: 1050, leaderId: ana.id },
    });
    const detail = (await ana.agent.get(`/api/listings/${listing.id}`)).json();
    expect(detail.viewer).toEqual({ hasBid: true, isLeader: true, isSeller: false });
  });

  it("refuses a visitor with the spec's message", async () => {
    const { listing } = await newAuction();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/listings/${listing.id}/bids`,
      headers: {
        cookie: "tw_csrf=abcdefabcdefabcdefabcdefabcdefab",
        "x-csrf-token": "abcdefabcdefabcdefabcdefabcdefab",
      },
      payload: { amountCents: 5000 },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("Please login to place a bid.");
  });

  it("refuses bids under the minimum with the spec's message and the minimum", async () => {
    const { listing } = await newAuction();
    const ana = await bidder();
    const low = await bid(ana.agent, listing.id, 999);
    expect(low.statusCode).toBe(422);
    expect(low.json().error).toEqual({
      code: "bid_too_low",
      message: "Please enter a valid bid amount higher than the current bid.",
      fields: { amountCents: "Enter $10.00 or more" },
    });
    await bid(ana.agent, listing.id, 1000);
    const ben = await bidder();
    expect((await bid(ben.agent, listing.id, 1049)).statusCode).toBe(422);
    expect((await bid(ben.agent, listing.id, 1050)).statusCode).toBe(201);
  });

  it.each([[{ amountCents: "ten" }], [{ amountCents: -5 }], [{ amountCents: 10.5 }], [{}]])(
    "refuses a malformed amount %o with a 400",
    async (body) => {
      const { listing } = await newAuction();
      const ana = await bidder();
      const res = await ana.agent.post(`/api/listings/${listing.id}/bids`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("Please enter a valid bid amount");
    },
  );

  it("refuses bids on fixed-price listings, ended auctions and one's own listing", async () => {
    const ana = await bidder();
    const fixed = await createListing(t.database.db, { title: "Fixed thing" });
    const notAuction = await bid(ana.agent, fixed.id, 5000);
    expect(notAuction.statusCode).toBe(422);
    expect(notAuction.json().error.message).toBe("This item is not available for auction.");

    const { listing: over } = await newAuction({ endsInMs: -1000 });
    const ended = await bid(ana.agent, over.id, 5000);
    expect(ended.statusCode).toBe(422);
    expect(ended.json().error.message).toBe("The auction for this item has ended.");

    const { listing, seller } = await newAuction();
    const own = await bid(await signedInAgent(t.app, t.database.db, seller.id), listing.id, 5000);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe("You cannot bid on your own listing.");

    const missing = await bid(ana.agent, "00000000-0000-4000-8000-000000000000", 5000);
    expect(missing.statusCode).toBe(404);
  });

  it("bids by proxy: the price moves only as far as competition needs", async () => {
    const { listing } = await newAuction();
    const ana = await bidder();
    const ben = await bidder();
    await bid(ana.agent, listing.id, 1000, 5000);
    const res = await bid(ben.agent, listing.id, 2000);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      leading: false,
      auction: { currentBidCents: 2050, leaderId: ana.id },
    });
    expect(res.json().message).toContain("You've been outbid");
    const history = (await ben.agent.get(`/api/listings/${listing.id}/bids`)).json();
    expect(history.items.map((b: { amountCents: number }) => b.amountCents)).toEqual([
      2050, 2000, 1000,
    ]);
    // Nothing about the proxy maximum leaks to other people.
    expect(JSON.stringify(history)).not.toContain("5000");
    expect((await ben.agent.get(`/api/listings/${listing.id}`)).body).not.toContain("5000");
  });

  it("lets the earlier of equal maximums win, and a leader raising their maximum keeps the price", async () => {
    const { listing } = await newAuction();
    const ana = await bidder();
    const ben = await bidder();
    await bid(ana.agent, listing.id, 1000, 3000);
    const tie = await bid(ben.agent, listing.id, 3000);
    expect(tie.json().auction).toMatchObject({ currentBidCents: 3000, leaderId: ana.id });
    // The history shows the leader's automatic bid at the tied amount on top, not the loser's.
    const history = (await ana.agent.get(`/api/listings/${listing.id}/bids`)).json();
    expect(
      history.items.map((b: { amountCents: number; bidder: { isViewer: boolean } }) => [
        b.amountCents,
        b.bidder.isViewer ? "ana" : "someone else",
      ]),
    ).toEqual([
      [3000, "ana"],
      [3000, "someone else"],
      [1000, "ana"],
    ]);
    const raise = await bid(ana.agent, listing.id, 4000, 8000);
    expect(raise.statusCode).toBe(201);
    expect(raise.json().auction).toMatchObject({ currentBidCents: 3000, leaderId: ana.id });
    // They are told their new maximum, not only the price; My Bids shows it at once.
    expect(raise.json().message).toBe(
      "Your bid of $40.00 has been placed. You're the highest bidder at $30.00; we'll bid for you up to $80.00.",
    );
    const mine = (await ana.agent.get("/api/me/bids")).json();
    expect(mine.items[0]).toMatchObject({ maxAmountCents: 8000 });
  });

  it("says an auction without a reserve has no reserve to meet", async () => {
    const { listing } = await newAuction();
    const ana = await bidder();
    const res = await bid(ana.agent, listing.id, 1000);
    expect(res.json().auction).toMatchObject({ hasReserve: false, reserveMet: false });
  });

  it("tells the outbid leader through a stored notification", async () => {
    const { listing } = await newAuction();
    const ana = await bidder();
    const ben = await bidder();
    await bid(ana.agent, listing.id, 1000);
    await bid(ben.agent, listing.id, 1500);
    const mine = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ana.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "outbid", link: `/listing/${listing.id}` });
    const statuses = await t.database.db.select().from(bids).where(eq(bids.listingId, listing.id));
    expect(statuses.find((b) => b.bidderId === ana.id)?.status).toBe("outbid");
    expect(statuses.find((b) => b.bidderId === ben.id)?.status).toBe("active");
  });

  it("meets the reserve at once when a maximum covers it", async () => {
    const { listing } = await newAuction({ reserveCents: 4000 });
    const ana = await bidder();
    const first = await bid(ana.agent, listing.id, 1000);
    expect(first.json().auction).toMatchObject({ reserveMet: false, hasReserve: true });
    const raised = await bid(ana.agent, listing.id, 1000, 6000);
    expect(raised.json().auction).toMatchObject({ reserveMet: true, currentBidCents: 4000 });
  });

  it("offers Buy It Now on an auction only until the first bid", async () => {
    const seller = await createUser(t.database.db, "seller");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      auction: { endTime: new Date(Date.now() + hour), buyItNowPriceCents: 9000 },
    });
    const ana = await bidder();
    expect(
      (await ana.agent.get(`/api/listings/${listing.id}`)).json().auction.buyItNowPriceCents,
    ).toBe(9000);
    await bid(ana.agent, listing.id, 1000);
    expect(
      (await ana.agent.get(`/api/listings/${listing.id}`)).json().auction.buyItNowPriceCents,
    ).toBeNull();
  });

  it("extends the end on a bid in the last two minutes (soft close), not earlier", async () => {
    const ana = await bidder();
    const { listing: late } = await newAuction({ endsInMs: 30_000 });
    const res = await bid(ana.agent, late.id, 1000);
    const left = Date.parse(res.json().auction.endsAt) - Date.now();
    expect(left).toBeGreaterThan(110_000);
    expect(left).toBeLessThanOrEqual(121_000);
    const { listing: early } = await newAuction({ endsInMs: hour });
    const before = (await ana.agent.get(`/api/listings/${early.id}`)).json().auction.endsAt;
    const after = (await bid(ana.agent, early.id, 1000)).json().auction.endsAt;
    expect(after).toBe(before);
  });

  it("lists one's own bids with status and listing", async () => {
    const { listing } = await newAuction();
    const ana = await bidder();
    const ben = await bidder();
    await bid(ana.agent, listing.id, 1000);
    await bid(ben.agent, listing.id, 1100);
    const mine = (await ana.agent.get("/api/me/bids")).json();
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({
      amountCents: 1000,
      status: "outbid",
      listing: { id: listing.id, ended: false },
    });
    expect((await t.app.inject("/api/me/bids")).statusCode).toBe(401);
  });
});

describe("settlement", () => {
  async function endNow(listingId: string) {
    await t.database.db
      .update(auctionSettings)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(auctionSettings.listingId, listingId));
  }

  it("settles each ended auction exactly once, even with two workers racing", async () => {
    const { listing, seller } = await newAuction();
    const { listing: unsold } = await newAuction({ reserveCents: 50_000 });
    const ana = await bidder();
    const ben = await bidder();
    await bid(ana.agent, listing.id, 1000);
    await bid(ben.agent, listing.id, 1500);
    await bid(ana.agent, unsold.id, 1000);
    await endNow(listing.id);
    await endNow(unsold.id);

    const [first, second] = await Promise.all([
      settleDueAuctions(t.database.db),
      settleDueAuctions(t.database.db),
    ]);
    const settled = [...first, ...second];
    expect(settled.filter((id) => id === listing.id)).toHaveLength(1);
    expect(settled.filter((id) => id === unsold.id)).toHaveLength(1);
    expect(await settleDueAuctions(t.database.db)).toEqual([]);

    const won = await t.database.db
      .select()
      .from(auctionOrders)
      .where(eq(auctionOrders.listingId, listing.id));
    expect(won).toHaveLength(1);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, won[0]?.orderId as string));
    expect(order).toMatchObject({
      buyerId: ben.id,
      status: "pending",
      subtotalCents: 1050,
      taxCents: 105,
      source: "auction",
    });
    const [sold] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(sold?.status).toBe("sold");
    const statuses = await t.database.db.select().from(bids).where(eq(bids.listingId, listing.id));
    expect(statuses.find((b) => b.bidderId === ben.id)?.status).toBe("won");
    expect(statuses.find((b) => b.bidderId === ana.id)?.status).toBe("lost");
    // The winner's bids page offers to pay that order; nobody else's does.
    const bensBid = (await ben.agent.get("/api/me/bids")).json().items[0];
    expect(bensBid).toMatchObject({ status: "won", payOrderId: won[0]?.orderId });
    const anasBids = (await ana.agent.get("/api/me/bids")).json().items;
    expect(anasBids.map((b: { payOrderId: string | null }) => b.payOrderId)).toEqual([null, null]);
    const told = await rows<{ user_id: string; kind: string }>(
      t.database.db,
      sql`select user_id, kind from notifications where link is not null and user_id in (${ben.id}, ${seller.id})`,
    );
    expect(told.map((n) => n.kind).sort()).toEqual(["auction_sold", "auction_won"]);

    const [ended] = await t.database.db.select().from(listings).where(eq(listings.id, unsold.id));
    expect(ended?.status).toBe("ended");
    expect((await bid(ben.agent, listing.id, 5000)).json().error.message).toBe(
      "The auction for this item has ended.",
    );
  });

  it("reads the effective end: an extended auction is not settled at its original end", async () => {
    const { listing } = await newAuction({ endsInMs: 20_000 });
    const ana = await bidder();
    await bid(ana.agent, listing.id, 1000);
    expect(await settleDueAuctions(t.database.db)).not.toContain(listing.id);
  });
});
