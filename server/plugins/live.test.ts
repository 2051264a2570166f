import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auctionUpdateSchema } from "../../core/contracts/bidding";
import { buildTestApp, secondInstance, type TestApp } from "../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../test/factories";

let t: TestApp;
let base = "";
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

/** Reads server-sent events until one of `event` arrives, or gives up after `ms`. */
async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  event: string,
  ms = 5000,
) {
  const decoder = new TextDecoder();
  let buffer = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const frames = buffer.split("\n\n");
    for (const frame of frames) {
      if (frame.includes(`event: ${event}`)) {
        const data = frame.split("\n").find((l) => l.startsWith("data: "));
        return JSON.parse(data?.slice(6) ?? "null");
      }
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

  it("refuses a malformed subscription with a 400", async () => {
    const res = await fetch(`${base}/api/live?listings=not-an-id`);
    expect(res.status).toBe(400);
  });
});
