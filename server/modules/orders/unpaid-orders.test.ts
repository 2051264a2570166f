import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { startFakeStripe } from "../../test/fake-stripe";
import { settleNextAuction } from "../auctions/auction-settlement";
import { stripeProvider } from "../payment-providers/stripe-provider";
import { expireDueSessions } from "../payments/payments.service";

const RESERVED_OUT = "Someone is checking out the last one; it may come back in a few minutes.";
const CARD = { expiry: "12/40", cvc: "123", name: "Keisha Brown", cardNumber: "4242424242424242" };

const t = setUpTestApp();
let seller: { id: string };
let buyer: Agent;
let rival: Agent;

async function newListing(quantity = 3) {
  return createListing(t.database.db, {
    sellerId: seller.id,
    title: `Car Battery ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 12000,
    quantity,
  });
}

async function checkout(who: Agent, listingId: string, quantity: number) {
  const res = await who.post("/api/checkout", { lines: [{ listingId, quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orderId: string; redirectUrl: string };
}

async function state(orderId: string) {
  const [order] = await rows<{ status: string }>(
    t.database.db,
    sql`select status from orders where id = ${orderId}`,
  );
  const sessions = await rows<{ status: string }>(
    t.database.db,
    sql`select status from payment_sessions where order_id = ${orderId} order by created_at`,
  );
  return { order: order?.status, sessions: sessions.map((s) => s.status) };
}

const lapse = (orderId: string) =>
  t.database.db.execute(sql`update payment_sessions set expires_at = now() - interval '1 second'
    where order_id = ${orderId} and status = 'open'`);

const available = async (who: Agent, listingId: string, quantity = 1) =>
  (await who.post("/api/cart/validate", { lines: [{ listingId, quantity }] })).json().lines[0];

beforeAll(async () => {
  seller = await createUser(t.database.db, "batteries");
  buyer = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "kim")).id);
  rival = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "lee")).id);
});
describe("reserved stock", () => {
  it("is shown to others as taken, and to the buyer as theirs", async () => {
    const listing = await newListing(3);
    await checkout(buyer, listing.id, 2);

    const seen = (await rival.get(`/api/listings/${listing.id}`)).json();
    expect(seen).toMatchObject({ quantity: 1, reservedQuantity: 2 });
    expect(await available(rival, listing.id)).toMatchObject({ available: 1, problem: null });
    const tooMany = await available(rival, listing.id, 2);
    expect(tooMany.problem.message).toBe("Sorry, only 1 items available");

    // The buyer who came back with Back: their cart does not shrink under them.
    expect((await buyer.get(`/api/listings/${listing.id}`)).json()).toMatchObject({
      quantity: 3,
      reservedQuantity: 0,
    });
    expect(await available(buyer, listing.id, 2)).toMatchObject({ available: 3, problem: null });
    // A visitor counts every reservation.
    const cards = (await t.app.inject({ url: `/api/listings?search=${listing.title}` })).json();
    expect(cards.items[0]).toMatchObject({ id: listing.id, quantity: 1 });
  });

  it("says someone is checking out the last one when all of it is held", async () => {
    const listing = await newListing(1);
    await checkout(buyer, listing.id, 1);
    expect((await rival.get(`/api/listings/${listing.id}`)).json()).toMatchObject({
      quantity: 0,
      reservedQuantity: 1,
    });
    expect((await available(rival, listing.id)).problem).toEqual({
      code: "stock_reserved",
      message: RESERVED_OUT,
    });
    const refused = await rival.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: "stock_reserved", message: RESERVED_OUT });
  });

  it("is out of stock, not reserved, once sold", async () => {
    const listing = await newListing(1);
    const { redirectUrl } = await checkout(buyer, listing.id, 1);
    const session = redirectUrl.split("/pay/sandbox/")[1];
    const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await available(rival, listing.id)).problem).toEqual({
      code: "out_of_stock",
      message: "Sorry, this item is out of stock.",
    });
  });
});

describe("POST /api/orders/{id}/pay", () => {
  it("resumes the same open session", async () => {
    const listing = await newListing(3);
    const started = await checkout(buyer, listing.id, 2);
    const res = await buyer.post(`/api/orders/${started.orderId}/pay`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(started);
    expect(await state(started.orderId)).toEqual({ order: "pending", sessions: ["open"] });
  });

  it("opens a new session for a lapsed one while the stock is there", async () => {
    const listing = await newListing(3);
    const started = await checkout(buyer, listing.id, 2);
    await lapse(started.orderId);
    const res = await buyer.post(`/api/orders/${started.orderId}/pay`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectUrl).not.toBe(started.redirectUrl);
    expect(await state(started.orderId)).toEqual({
      order: "pending",
      sessions: ["expired", "open"],
    });
    // The new session holds the stock again.
    expect((await rival.get(`/api/listings/${listing.id}`)).json().quantity).toBe(1);
  });

  it("refuses with a clear message when the stock went to someone else meanwhile", async () => {
    const listing = await newListing(1);
    const started = await checkout(buyer, listing.id, 1);
    await lapse(started.orderId);
    await checkout(rival, listing.id, 1);
    const held = await buyer.post(`/api/orders/${started.orderId}/pay`);
    expect(held.statusCode).toBe(422);
    expect(held.json().error.message).toBe(RESERVED_OUT);

    const other = await newListing(1);
    const second = await checkout(buyer, other.id, 1);
    await lapse(second.orderId);
    await t.database.db.execute(sql`update listings set quantity = 0 where id = ${other.id}`);
    const gone = await buyer.post(`/api/orders/${second.orderId}/pay`);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().error.message).toMatch(/is out of stock, so this order can't be paid/);
    expect((await state(second.orderId)).order).toBe("pending");
  });

  it("is refused for orders no longer awaiting payment", async () => {
    const listing = await newListing(2);
    const started = await checkout(buyer, listing.id, 1);
    await lapse(started.orderId);
    await expireDueSessions(t.database.db);
    const expired = await buyer.post(`/api/orders/${started.orderId}/pay`);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toMatch(/expired/);
  });
});

describe("POST /api/orders/{id}/cancel on an unpaid order", () => {
  it("releases the stock at once: another buyer can then buy it", async () => {
    const listing = await newListing(1);
    const started = await checkout(buyer, listing.id, 1);
    const res = await buyer.post(`/api/orders/${started.orderId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", canPay: false, canCancel: false });
    expect(await state(started.orderId)).toEqual({ order: "cancelled", sessions: ["cancelled"] });
    expect((await rival.get(`/api/listings/${listing.id}`)).json().quantity).toBe(1);
    await checkout(rival, listing.id, 1);
    // Cancelling again changes nothing.
    expect((await buyer.post(`/api/orders/${started.orderId}/cancel`)).statusCode).toBe(200);
    // The lapsed page can't be paid any more.
    const late = await buyer.post(`/api/orders/${started.orderId}/pay`);
    expect(late.statusCode).toBe(422);
  });

  it("keeps an auction win payable: it can't be cancelled by its buyer", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      priceCents: 5000,
      auction: { endTime: new Date(Date.now() + 60_000) },
    });
    expect(
      (await buyer.post(`/api/listings/${listing.id}/bids`, { amountCents: 5000 })).statusCode,
    ).toBe(201);
    await t.database.db.execute(sql`
      update auction_settings set end_time = now() - interval '1 second' where listing_id = ${listing.id}`);
    await settleNextAuction(t.database.db);
    const unpaid = (await buyer.get("/api/me/orders/unpaid")).json().items;
    const won = unpaid.find((o: { source: string }) => o.source === "auction");
    expect(won).toMatchObject({ status: "pending", canPay: true, canCancel: false });
    const res = await buyer.post(`/api/orders/${won.id}/cancel`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("auction_win_not_cancellable");
    const pay = await buyer.post(`/api/orders/${won.id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await buyer.post(`/api/orders/${won.id}/pay`)).json()).toEqual(pay.json());
  });
});

describe("only the buyer", () => {
  it("may see, pay or cancel an unpaid order (404 to anyone else)", async () => {
    const listing = await newListing(2);
    const started = await checkout(buyer, listing.id, 1);
    expect((await rival.post(`/api/orders/${started.orderId}/pay`)).statusCode).toBe(404);
    expect((await rival.post(`/api/orders/${started.orderId}/cancel`)).statusCode).toBe(404);
    expect(
      (await rival.post("/api/orders/6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f/pay")).statusCode,
    ).toBe(404);
    expect((await state(started.orderId)).order).toBe("pending");
    const theirs = (await rival.get("/api/me/orders/unpaid")).json().items;
    expect(theirs.some((o: { id: string }) => o.id === started.orderId)).toBe(false);
    const mine = (await buyer.get("/api/me/orders/unpaid")).json().items;
    expect(mine.find((o: { id: string }) => o.id === started.orderId)).toMatchObject({
      canPay: true,
      canCancel: true,
      reservedUntil: expect.any(String),
    });
  });
});

describe("checking out again (after the browser's Back button)", () => {
  it("replaces the buyer's unpaid checkout of the same items", async () => {
    const listing = await newListing(3);
    const first = await checkout(buyer, listing.id, 2);
    const second = await checkout(buyer, listing.id, 2);
    expect(await state(first.orderId)).toEqual({ order: "cancelled", sessions: ["cancelled"] });
    expect(await state(second.orderId)).toEqual({ order: "pending", sessions: ["open"] });
    expect((await rival.get(`/api/listings/${listing.id}`)).json().quantity).toBe(1);
  });
});

describe("Pay now with Stripe", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  const s = setUpTestApp(async () => {
    fake = await startFakeStripe("sk_test_unpaid");
    return {
      payments: stripeProvider({
        secretKey: "sk_test_unpaid",
        webhookSecret: "whsec_unpaid",
        publicUrl: "http://localhost:3000",
        api: { host: "127.0.0.1", port: fake.port, protocol: "http" },
      }),
    };
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("sends the buyer back to Stripe's open page, or opens another once Stripe closed it", async () => {
    const shop = await createUser(s.database.db, "stripeshop");
    const listing = await createListing(s.database.db, { sellerId: shop.id, quantity: 2 });
    const who = await signedInAgent(s.app, s.database.db, (await createUser(s.database.db)).id);
    const started = await who.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 1 }],
    });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId, redirectUrl } = started.json();
    const resumed = await who.post(`/api/orders/${orderId}/pay`);
    expect(resumed.json().redirectUrl).toBe(redirectUrl);

    for (const session of fake.sessions.values()) session.status = "expired";
    const reopened = await who.post(`/api/orders/${orderId}/pay`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().redirectUrl).not.toBe(redirectUrl);
    expect(fake.sessions.size).toBe(2);

    expect((await who.post(`/api/orders/${orderId}/cancel`)).statusCode).toBe(200);
    expect([...fake.sessions.values()].every((x) => x.status === "expired")).toBe(true);
  });
});
