import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { auctionUpdateSchema } from "../../core/contracts/bidding";
import { unreadCountSchema } from "../../core/contracts/notifications";
import { notify } from "../modules/notifications/notifications.service";
import { secondInstance, setUpTestApp } from "../test/build-test-app";
import { EventReader } from "../test/event-reader";
import { createListing, createUser, signedInAgent } from "../test/factories";

const t = setUpTestApp();
let base = "";
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** Opens /api/live as the browser of `userId` would (its session cookie), with no listings. */
async function connect(userId: string, query = "") {
  const agent = await signedInAgent(t.app, t.database.db, userId);
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live${query}`, {
    headers: { cookie: agent.cookieHeader() },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const events = new EventReader((res.body as ReadableStream<Uint8Array>).getReader());
  return { agent, events, close: () => controller.abort() };
}

const count = (data: unknown) => unreadCountSchema.parse(data).unreadCount;

describe("GET /api/live for a signed-in user", () => {
  it("sends the unread count on connecting, and again when a notification arrives", async () => {
    const ana = await createUser(t.database.db, "ana");
    await notify(t.database.db, [{ userId: ana.id, kind: "order_paid", message: "Paid." }]);
    const tab = await connect(ana.id);
    expect(count(await tab.events.next("notifications.unread"))).toBe(1);

    const started = Date.now();
    await notify(t.database.db, [
      { userId: ana.id, kind: "item_sold", message: "Sold one." },
      { userId: ana.id, kind: "item_sold", message: "Sold another." },
    ]);
    expect(count(await tab.events.next("notification.created"))).toBe(3);
    expect(Date.now() - started).toBeLessThan(5000);
    tab.close();
  });

  it("tells every tab of the user, and only that user, and follows marking read", async () => {
    const ana = await createUser(t.database.db, "ana");
    const ben = await createUser(t.database.db, "ben");
    const first = await connect(ana.id);
    const second = await connect(ana.id);
    const bens = await connect(ben.id);
    for (const tab of [first, second, bens])
      expect(count(await tab.events.next("notifications.unread"))).toBe(0);

    await notify(t.database.db, [{ userId: ana.id, kind: "auction_won", message: "Won." }]);
    expect(count(await first.events.next("notification.created"))).toBe(1);
    expect(count(await second.events.next("notification.created"))).toBe(1);
    await expect(bens.events.next("notification.created", 500)).rejects.toThrow(/no notification/);

    // Marked read in one tab: the other's bell goes back down.
    expect((await first.agent.post("/api/me/notifications/read-all")).statusCode).toBe(200);
    expect(count(await second.events.next("notifications.unread"))).toBe(0);
    for (const tab of [first, second, bens]) tab.close();
  });

  it("carries auction updates and the user's count on one connection", async () => {
    const seller = await createUser(t.database.db, "seller");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const ana = await createUser(t.database.db, "ana");
    const tab = await connect(ana.id, `?listings=${listing.id}`);
    expect(count(await tab.events.next("notifications.unread"))).toBe(0);

    // Ana leads, then Ben outbids her: her page sees both the new price and her notice.
    expect(
      (await tab.agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 1000 })).statusCode,
    ).toBe(201);
    const ben = await createUser(t.database.db, "ben");
    const benAgent = await signedInAgent(t.app, t.database.db, ben.id);
    expect(
      (await benAgent.post(`/api/listings/${listing.id}/bids`, { amountCents: 2000 })).statusCode,
    ).toBe(201);
    expect(count(await tab.events.next("notification.created"))).toBe(1);
    // Ana's own bid's update may come first, or both in one.
    let update = auctionUpdateSchema.parse(await tab.events.next("auction.updated"));
    if (update.auction.leaderId !== ben.id)
      update = auctionUpdateSchema.parse(await tab.events.next("auction.updated"));
    expect(update.auction).toMatchObject({ leaderId: ben.id, bidCount: 2 });
    tab.close();
  });

  it("still needs listings from a visitor", async () => {
    const res = await fetch(`${base}/api/live`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.listings).toBe(
      "Name the listings to follow, or sign in.",
    );
  });

  // Two instances need a shared database server; PGlite lives inside one process.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "delivers a notification stored through another instance",
    { tags: ["postgres"] },
    async () => {
      const other = await secondInstance(t);
      try {
        const seller = await createUser(t.database.db, "seller");
        const listing = await createListing(t.database.db, {
          sellerId: seller.id,
          auction: { endTime: new Date(Date.now() + 3_600_000) },
        });
        const ana = await createUser(t.database.db, "ana");
        const ben = await createUser(t.database.db, "ben");
        // Ana's page is connected to this instance, with no auction on it...
        const tab = await connect(ana.id);
        expect(count(await tab.events.next("notifications.unread"))).toBe(0);
        // ...while both bid through the other one.
        const anaThere = await signedInAgent(other.app, other.database.db, ana.id);
        const benThere = await signedInAgent(other.app, other.database.db, ben.id);
        const bid = (agent: typeof anaThere, amountCents: number) =>
          agent.post(`/api/listings/${listing.id}/bids`, { amountCents });
        expect((await bid(anaThere, 1000)).statusCode).toBe(201);
        expect((await bid(benThere, 2000)).statusCode).toBe(201);
        expect(count(await tab.events.next("notification.created"))).toBe(1);
        tab.close();
      } finally {
        await other.close();
      }
    },
  );
});
