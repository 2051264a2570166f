import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { maskBidderName } from "../../core/bidder-name";
import { auctionUpdateSchema } from "../../core/contracts/bidding";
import { type AuctionChanged, topics } from "../../core/events";
import { rows } from "../db/rows";
import { settleNextAuction } from "../modules/auctions/auction-settlement";
import { secondInstance, setUpTestApp } from "../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../test/factories";
import { publish } from "./realtime-bus";

const t = setUpTestApp();
let base = "";
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** Opens /api/live for `query` as a visitor; answers its reader and a function that closes it. */
async function follow(query: string, origin = base) {
  const controller = new AbortController();
  const res = await fetch(`${origin}/api/live${query}`, { signal: controller.signal });
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  return {
    reader: (res.body as ReadableStream<Uint8Array>).getReader(),
    close: () => controller.abort(),
  };
}

/**
 * Reads server-sent events until one of `event` arrives (and, given `matches`, says what it looks
 * for), or gives up after `ms`.
 */
async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  event: string,
  ms = 5000,
  matches: (data: unknown) => boolean = () => true,
) {
  const decoder = new TextDecoder();
  let buffer = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const frames = buffer.split("\n\n");
    // The last piece may be a frame still arriving.
    buffer = frames.pop() ?? "";
    for (const frame of frames) {
      if (!frame.includes(`event: ${event}`)) continue;
      const line = frame.split("\n").find((l) => l.startsWith("data: "));
      const data: unknown = JSON.parse(line?.slice(6) ?? "null");
      if (matches(data)) return data;
    }
  }
  throw new Error(`no ${event} within ${ms} ms`);
}

describe("GET /api/live", () => {
  it("pushes the new price, count, leader and end of an auction after an accepted bid", async () => {
    const seller = await createUser(t.database.db, "seller");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const controller = new AbortController();
    const res = await fetch(`${base}/api/live?listings=${listing.id}`, {
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();

    const bidder = await createUser(t.database.db, "bidder");
    const agent = await signedInAgent(t.app, t.database.db, bidder.id);
    const started = Date.now();
    const placed = await agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 1000 });
    expect(placed.statusCode).toBe(201);
    const update = auctionUpdateSchema.parse(await nextEvent(reader, "auction.updated"));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(update).toMatchObject({
      listingId: listing.id,
      status: "active",
      auction: { currentBidCents: 1000, bidCount: 1, leaderId: bidder.id },
    });
    controller.abort();
  });

  // Two instances need a shared database server; PGlite lives inside one process.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "delivers a bid accepted by another instance",
    { tags: ["postgres"] },
    async () => {
      const other = await secondInstance(t);
      try {
        const seller = await createUser(t.database.db, "seller");
        const listing = await createListing(t.database.db, {
          sellerId: seller.id,
          auction: { endTime: new Date(Date.now() + 3_600_000) },
        });
        const controller = new AbortController();
        const res = await fetch(`${base}/api/live?listings=${listing.id}`, {
          signal: controller.signal,
        });
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        const bidder = await createUser(t.database.db, "bidder");
        const agent = await signedInAgent(other.app, other.database.db, bidder.id);
        expect(
          (await agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 1000 })).statusCode,
        ).toBe(201);
        const update = auctionUpdateSchema.parse(await nextEvent(reader, "auction.updated"));
        expect(update.auction.leaderId).toBe(bidder.id);
        controller.abort();
      } finally {
        await other.close();
      }
    },
  );

  it("carries the bids it recorded and the very state the listing's page reads", async () => {
    const seller = await createUser(t.database.db, "seller");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const ana = await createUser(t.database.db, "ana");
    const ben = await createUser(t.database.db, "ben");
    const anaAgent = await signedInAgent(t.app, t.database.db, ana.id);
    const benAgent = await signedInAgent(t.app, t.database.db, ben.id);
    await anaAgent.post(`/api/listings/${listing.id}/bids`, {
      amountCents: 1000,
      maxAmountCents: 5000,
    });

    const live = await follow(`?listings=${listing.id}`);
    // Ben's bid is answered at once by Ana's proxy: two visible bids from one call.
    const placed = await benAgent.post(`/api/listings/${listing.id}/bids`, { amountCents: 2000 });
    expect(placed.statusCode).toBe(201);
    // Ana's own bid may still be on its way to this instance's listener when the page connects:
    // the update wanted is the one with Ben's bid and Ana's answer (three bids).
    const update = auctionUpdateSchema.parse(
      await nextEvent(
        live.reader,
        "auction.updated",
        5000,
        (data) => (data as { auction?: { bidCount?: number } }).auction?.bidCount === 3,
      ),
    );
    live.close();

    const page = (await anaAgent.get(`/api/listings/${listing.id}`)).json();
    // As a visitor sees it: the event goes to everyone, so it names bidders the masked way.
    const history = (await t.app.inject({ url: `/api/listings/${listing.id}/bids` })).json();
    expect(update.auction).toEqual(page.auction);
    expect(update.auction).toEqual(placed.json().auction);
    // Newest first, as the history lists them: what the page appends without refetching.
    expect(update.bids).toEqual(history.items.slice(0, 2));
    expect(update.bids.map((b) => [b.bidder.name, b.amountCents])).toEqual([
      [maskBidderName(ana.username), 2050],
      [maskBidderName(ben.username), 2000],
    ]);
    expect(JSON.stringify(update)).not.toContain(ben.id);
  });

  it("tells the pages how an auction ended when it is settled", async () => {
    const seller = await createUser(t.database.db, "seller");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const bidder = await createUser(t.database.db, "bidder");
    const agent = await signedInAgent(t.app, t.database.db, bidder.id);
    await agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 1000 });
    await t.database.db.execute(
      sql`update auction_settings set end_time = now() - interval '1 second' where listing_id = ${listing.id}`,
    );
    const live = await follow(`?listings=${listing.id}`);
    // Settle this one (others of this file may be due too).
    for (let i = 0; i < 20; i++) if ((await settleNextAuction(t.database.db)) === null) break;
    // The bid's own event can reach this instance after the page started following (NOTIFY is
    // delivered asynchronously on a PostgreSQL server): the settlement's is the first not active.
    let update = auctionUpdateSchema.parse(await nextEvent(live.reader, "auction.updated"));
    for (let i = 0; i < 3 && update.status === "active"; i++)
      update = auctionUpdateSchema.parse(await nextEvent(live.reader, "auction.updated"));
    live.close();
    expect(update).toMatchObject({
      listingId: listing.id,
      status: "sold",
      bids: [],
      auction: { ended: true, leaderId: bidder.id, currentBidCents: 1000, bidCount: 1 },
    });
  });

  it("presents what the event carries, without reading the auction back", async () => {
    // An auction that is in no table: only the event knows it.
    const id = randomUUID();
    const live = await follow(`?listings=${id}`);
    const event: AuctionChanged = {
      listingId: id,
      status: "active",
      facts: {
        startPriceCents: 500,
        currentBidCents: 2500,
        bidCount: 3,
        endsAt: new Date(Date.now() + 60_000).toISOString(),
        reservePriceCents: 3000,
        buyItNowPriceCents: 9000,
        leaderId: null,
      },
      incrementCents: 100,
      bids: [],
    };
    await publish(t.database.db, topics.auction(id), "auction.updated", event);
    const update = auctionUpdateSchema.parse(await nextEvent(live.reader, "auction.updated"));
    live.close();
    expect(update.auction).toMatchObject({
      currentBidCents: 2500,
      minNextBidCents: 2600,
      hasReserve: true,
      reserveMet: false,
      buyItNowPriceCents: null,
      ended: false,
    });
  });

  it("delivers an event too large for NOTIFY by reference", async () => {
    const id = randomUUID();
    const live = await follow(`?listings=${id}`);
    const bids = Array.from({ length: 120 }, (_, i) => ({
      amountCents: 1000 + i,
      placedAt: new Date().toISOString(),
      bidder: { id: randomUUID(), username: `bidder-with-a-long-name-${i}` },
    }));
    await publish(t.database.db, topics.auction(id), "auction.updated", {
      listingId: id,
      status: "active",
      facts: {
        startPriceCents: 500,
        currentBidCents: 1119,
        bidCount: 120,
        endsAt: new Date(Date.now() + 60_000).toISOString(),
        reservePriceCents: null,
        buyItNowPriceCents: null,
        leaderId: null,
      },
      incrementCents: 25,
      bids,
    });
    const update = auctionUpdateSchema.parse(await nextEvent(live.reader, "auction.updated"));
    live.close();
    expect(JSON.stringify(bids).length).toBeGreaterThan(8000);
    expect(update.bids).toHaveLength(120);
    expect(update.bids[0]?.amountCents).toBe(1119);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "listens on one connection per instance, whatever it follows",
    { tags: ["postgres"] },
    async () => {
      const seller = await createUser(t.database.db, "seller");
      const listing = await createListing(t.database.db, {
        sellerId: seller.id,
        auction: { endTime: new Date(Date.now() + 3_600_000) },
      });
      const live = await follow(`?listings=${listing.id}`);
      const user = await createUser(t.database.db, "viewer");
      const agent = await signedInAgent(t.app, t.database.db, user.id);
      const controller = new AbortController();
      await fetch(`${base}/api/live`, {
        headers: { cookie: agent.cookieHeader() },
        signal: controller.signal,
      });
      const [listening] = await rows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`,
      );
      live.close();
      controller.abort();
      expect(listening?.n).toBe(1);
    },
  );

  it("refuses a malformed subscription with a 400", async () => {
    const res = await fetch(`${base}/api/live?listings=not-an-id`);
    expect(res.status).toBe(400);
  });
});
