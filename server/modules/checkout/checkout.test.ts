import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { settleNextAuction } from "../auctions/auction-settlement";
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxEvent,
  sandboxSignature,
} from "../payment-providers/sandbox-provider";
import { expireDueSessions } from "../payments/payments.service";

const t = setUpTestApp();
let seller: { id: string };
let buyer: Agent;
let buyerId: string;
let rival: Agent;

const CARD = { expiry: "12/40", cvc: "123", name: "Keisha Brown" };
const GOOD = "4242 4242 4242 4242";

async function newListing(
  fields: { quantity?: number; priceCents?: number; shippingCents?: number } = {},
) {
  return createListing(t.database.db, {
    sellerId: seller.id,
    title: `Pepper sauce ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 1250,
    quantity: 5,
    ...fields,
  });
}

async function stock(listingId: string) {
  const [row] = await rows<{ quantity: number }>(
    t.database.db,
    sql`select quantity from listings where id = ${listingId}`,
  );
  return row?.quantity;
}

async function order(orderId: string) {
  const [row] = await rows<{ status: string; total_cents: number; paid_at: Date | null }>(
    t.database.db,
    sql`select status, total_cents, paid_at from orders where id = ${orderId}`,
  );
  return row;
}

async function checkout(who: Agent, lines: { listingId: string; quantity: number }[]) {
  return who.post("/api/checkout", { lines });
}

const sessionOf = (redirectUrl: string) => redirectUrl.split("/pay/sandbox/")[1] as string;

async function pay(who: Agent, redirectUrl: string, cardNumber = GOOD) {
  return who.post(`/api/payments/sandbox/sessions/${sessionOf(redirectUrl)}/pay`, {
    ...CARD,
    cardNumber,
  });
}

beforeAll(async () => {
  seller = await createUser(t.database.db, "shop");
  const b = await createUser(t.database.db, "buyer");
  buyerId = b.id;
  buyer = await signedInAgent(t.app, t.database.db, b.id);
  rival = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "rival")).id);
});

describe("POST /api/cart/validate", () => {
  it("answers today's prices and stock, names each problem, and totals the good lines", async () => {
    const ok = await newListing({ priceCents: 1999, shippingCents: 500 });
    const few = await newListing({ quantity: 2 });
    const none = await newListing({ quantity: 0 });
    const auction = await createListing(t.database.db, {
      sellerId: seller.id,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const res = await buyer.post("/api/cart/validate", {
      lines: [
        { listingId: ok.id, quantity: 2 },
        { listingId: few.id, quantity: 3 },
        { listingId: none.id, quantity: 1 },
        { listingId: auction.id, quantity: 1 },
        { listingId: "6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f", quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.lines.map((l: { problem: { message: string } | null }) => l.problem?.message ?? null),
    ).toEqual([
      null,
      "Sorry, only 2 items available",
      "Sorry, this item is out of stock.",
      "This item is not available for Buy It Now.",
      "This item is no longer available.",
    ]);
    expect(body.lines[0]).toMatchObject({ priceCents: 1999, shippingCents: 500, available: 5 });
    expect(body.totals).toEqual({
      subtotalCents: 3998,
      shippingCents: 500,
      taxCents: 400,
      totalCents: 4898,
    });
  });

  it("tells a seller they cannot buy their own listing", async () => {
    const mine = await newListing();
    const me = await signedInAgent(t.app, t.database.db, seller.id);
    const res = await me.post("/api/cart/validate", {
      lines: [{ listingId: mine.id, quantity: 1 }],
    });
    expect(res.json().lines[0].problem.code).toBe("own_listing");
  });

  it("refuses malformed carts with 400", async () => {
    expect((await buyer.post("/api/cart/validate", { lines: [] })).statusCode).toBe(400);
    const zero = await buyer.post("/api/cart/validate", {
      lines: [{ listingId: "6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f", quantity: 0 }],
    });
    expect(zero.statusCode).toBe(400);
  });
});

describe("POST /api/checkout", () => {
  it("needs a signed-in buyer", async () => {
    const listing = await newListing();
    const res = await checkout(new Agent(t.app), [{ listingId: listing.id, quantity: 1 }]);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("You must be logged in to checkout");
  });

  it("refuses auctions, own listings and more than the stock, with the spec's messages", async () => {
    const auction = await createListing(t.database.db, {
      sellerId: seller.id,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const notFixed = await checkout(buyer, [{ listingId: auction.id, quantity: 1 }]);
    expect(notFixed.statusCode).toBe(422);
    expect(notFixed.json().error.message).toBe("This item is not available for Buy It Now.");

    const listing = await newListing({ quantity: 3 });
    const me = await signedInAgent(t.app, t.database.db, seller.id);
    const own = await checkout(me, [{ listingId: listing.id, quantity: 1 }]);
    expect(own.statusCode).toBe(422);
    expect(own.json().error.message).toBe("You cannot buy your own listing.");

    const tooMany = await checkout(buyer, [{ listingId: listing.id, quantity: 4 }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toBe("Sorry, only 3 items available");
    expect(await stock(listing.id)).toBe(3);
    const [orders] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_lines where listing_id = ${listing.id}`,
    );
    expect(orders?.n).toBe(0);
  });

  it("prices the order from the database whatever the request says", async () => {
    const listing = await newListing({ priceCents: 2000, shippingCents: 300 });
    const res = await buyer.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 2, priceCents: 1, price: 0.01 }],
      totalCents: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = await order(res.json().orderId);
    expect(created).toMatchObject({ status: "pending", total_cents: 4000 + 300 + 400 });
    expect(res.json().redirectUrl).toMatch(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
  });

  it("reserves the stock until the buyer cancels, then releases it", async () => {
    const listing = await newListing({ quantity: 2 });
    const first = await checkout(buyer, [{ listingId: listing.id, quantity: 2 }]);
    expect(first.statusCode).toBe(201);
    const blocked = await checkout(rival, [{ listingId: listing.id, quantity: 1 }]);
    expect(blocked.statusCode).toBe(422);
    // Held, not sold: it may come back (issue 15).
    expect(blocked.json().error.message).toBe(
      "Someone is checking out the last one; it may come back in a few minutes.",
    );
    expect(await stock(listing.id)).toBe(2);

    const cancel = await buyer.post(`/api/orders/${first.json().orderId}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe("cancelled");
    const after = await checkout(rival, [{ listingId: listing.id, quantity: 1 }]);
    expect(after.statusCode).toBe(201);
  });

  it("releases the reservation when the session expires", async () => {
    const listing = await newListing({ quantity: 1 });
    const first = await checkout(buyer, [{ listingId: listing.id, quantity: 1 }]);
    expect((await checkout(rival, [{ listingId: listing.id, quantity: 1 }])).statusCode).toBe(422);
    await t.database.db.execute(sql`
      update payment_sessions set expires_at = now() - interval '1 second'
      where order_id = ${first.json().orderId}`);
    // Readers stop counting a lapsed reservation at once, before the worker records it.
    const validate = await rival.post("/api/cart/validate", {
      lines: [{ listingId: listing.id, quantity: 1 }],
    });
    expect(validate.json().lines[0].available).toBe(1);
    expect(await expireDueSessions(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await order(first.json().orderId))?.status).toBe("expired");
    const late = await pay(buyer, first.json().redirectUrl);
    expect(late.statusCode).toBe(409);
    expect((await checkout(rival, [{ listingId: listing.id, quantity: 1 }])).statusCode).toBe(201);
  });
});

describe("the sandbox provider", () => {
  it("takes the test card: the order is paid, stock falls, buyer and seller are told", async () => {
    const listing = await newListing({ quantity: 4 });
    const res = await checkout(buyer, [{ listingId: listing.id, quantity: 3 }]);
    const orderId = res.json().orderId;
    const session = await buyer.get(
      `/api/payments/sandbox/sessions/${sessionOf(res.json().redirectUrl)}`,
    );
    expect(session.json()).toMatchObject({ status: "open", orderId });

    const paid = await pay(buyer, res.json().redirectUrl);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectUrl).toBe(`/checkout/success?order=${orderId}`);
    expect((await order(orderId))?.status).toBe("paid");
    expect(await stock(listing.id)).toBe(1);

    const notes = await rows<{ user_id: string; kind: string }>(
      t.database.db,
      sql`select user_id, kind from notifications where kind in ('order_paid', 'item_sold')
          and message like ${`%${orderId.slice(0, 8)}%`}`,
    );
    expect(notes.map((n) => n.kind).sort()).toEqual(["item_sold", "order_paid"]);

    const mine = (await buyer.get("/api/me/orders")).json();
    expect(mine.items[0]).toMatchObject({
      id: orderId,
      number: orderId.slice(0, 8),
      status: "paid",
      itemCount: 3,
      canPay: false,
    });
    const shop = await signedInAgent(t.app, t.database.db, seller.id);
    const sales = (await shop.get("/api/me/sales")).json();
    expect(
      sales.items.some(
        (s: { orderId: string; status: string }) => s.orderId === orderId && s.status === "paid",
      ),
    ).toBe(true);

    const again = await pay(buyer, res.json().redirectUrl);
    expect(again.statusCode).toBe(409);
    expect(await stock(listing.id)).toBe(1);
  });

  it("declines the decline and insufficient-funds cards and leaves the order and stock alone", async () => {
    const listing = await newListing({ quantity: 2 });
    const res = await checkout(buyer, [{ listingId: listing.id, quantity: 1 }]);
    const declined = await pay(buyer, res.json().redirectUrl, "4000 0000 0000 0002");
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe("Your card was declined.");
    const broke = await pay(buyer, res.json().redirectUrl, "4000000000009995");
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error.message).toBe("Your card has insufficient funds.");
    const expired = await buyer.post(
      `/api/payments/sandbox/sessions/${sessionOf(res.json().redirectUrl)}/pay`,
      { ...CARD, expiry: "01/20", cardNumber: GOOD },
    );
    expect(expired.json().error.message).toBe("Your card has expired.");
    expect((await order(res.json().orderId))?.status).toBe("pending");
    expect(await stock(listing.id)).toBe(2);

    const cancel = await buyer.post(
      `/api/payments/sandbox/sessions/${sessionOf(res.json().redirectUrl)}/cancel`,
    );
    expect(cancel.json().redirectUrl).toBe(`/cart?cancelled=${res.json().orderId}`);
    expect((await order(res.json().orderId))?.status).toBe("cancelled");
  });

  it("shows and charges a session only to its buyer", async () => {
    const listing = await newListing();
    const res = await checkout(buyer, [{ listingId: listing.id, quantity: 1 }]);
    const id = sessionOf(res.json().redirectUrl);
    expect((await rival.get(`/api/payments/sandbox/sessions/${id}`)).statusCode).toBe(404);
    expect((await pay(rival, res.json().redirectUrl)).statusCode).toBe(404);
    expect((await rival.get(`/api/orders/${res.json().orderId}`)).statusCode).toBe(404);
    expect((await rival.post(`/api/orders/${res.json().orderId}/cancel`)).statusCode).toBe(404);
    expect((await order(res.json().orderId))?.status).toBe("pending");
  });
});

describe("POST /api/payments/webhook/sandbox", () => {
  const secret = () =>
    // The same derivation as the app's; the test app's session secret is random per process.
    t.app.config.sessionSecret;

  async function deliver(body: object, signature?: string) {
    const payload = JSON.stringify(body);
    const { createHmac } = await import("node:crypto");
    const key = createHmac("sha256", secret()).update("sandbox-webhooks").digest("hex");
    return t.app.inject({
      method: "POST",
      url: "/api/payments/webhook/sandbox",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signature ?? sandboxSignature(key, payload),
      },
      payload,
    });
  }

  async function openSession(quantity = 1) {
    const listing = await newListing({ quantity: 3 });
    const res = await checkout(buyer, [{ listingId: listing.id, quantity }]);
    const sessionId = sessionOf(res.json().redirectUrl);
    const [row] = await rows<{ total_cents: number }>(
      t.database.db,
      sql`select total_cents from orders where id = ${res.json().orderId}`,
    );
    return {
      listing,
      orderId: res.json().orderId as string,
      sessionId,
      total: row?.total_cents ?? 0,
    };
  }

  it("refuses a forged or stale signature with 400 and changes nothing", async () => {
    const s = await openSession();
    const event = sandboxEvent("checkout.session.completed", s.sessionId, s.total);
    const forged = await deliver(event, sandboxSignature("not-the-secret", JSON.stringify(event)));
    expect(forged.statusCode).toBe(400);
    const missing = await deliver(event, "garbage");
    expect(missing.statusCode).toBe(400);
    const { createHmac } = await import("node:crypto");
    const key = createHmac("sha256", secret()).update("sandbox-webhooks").digest("hex");
    const stale = await deliver(
      event,
      sandboxSignature(key, JSON.stringify(event), Date.now() / 1000 - 3600),
    );
    expect(stale.statusCode).toBe(400);
    expect((await order(s.orderId))?.status).toBe("pending");
    expect(await stock(s.listing.id)).toBe(3);
  });

  it("applies a replayed event once: one paid order, one stock decrement", async () => {
    const s = await openSession(2);
    const event = sandboxEvent("checkout.session.completed", s.sessionId, s.total);
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await order(s.orderId))?.status).toBe("paid");
    expect(await stock(s.listing.id)).toBe(1);
    // A second, different completion event for the same session changes nothing either.
    const other = sandboxEvent("checkout.session.completed", s.sessionId, s.total);
    expect((await deliver(other)).statusCode).toBe(200);
    expect(await stock(s.listing.id)).toBe(1);
  });

  it("keeps a paid order paid when an expiry arrives after it, out of order", async () => {
    const s = await openSession();
    await deliver(sandboxEvent("checkout.session.completed", s.sessionId, s.total));
    await deliver(sandboxEvent("checkout.session.expired", s.sessionId, s.total));
    expect((await order(s.orderId))?.status).toBe("paid");
    expect(await stock(s.listing.id)).toBe(2);
  });

  it("records a payment that arrives after the expiry when the stock is still there", async () => {
    const s = await openSession();
    await deliver(sandboxEvent("checkout.session.expired", s.sessionId, s.total));
    expect((await order(s.orderId))?.status).toBe("expired");
    await deliver(sandboxEvent("checkout.session.completed", s.sessionId, s.total));
    expect((await order(s.orderId))?.status).toBe("paid");
    expect(await stock(s.listing.id)).toBe(2);
  });

  it("ignores a completion whose amount differs from the order", async () => {
    const s = await openSession();
    await deliver(sandboxEvent("checkout.session.completed", s.sessionId, 1));
    expect((await order(s.orderId))?.status).toBe("pending");
    expect(await stock(s.listing.id)).toBe(3);
  });
});

describe("Buy It Now on an auction", () => {
  it("buys the lot at its Buy It Now price before the first bid, ending the auction sold", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      priceCents: 4000,
      auction: { endTime: new Date(Date.now() + 3_600_000), buyItNowPriceCents: 9000 },
    });
    const res = await checkout(buyer, [{ listingId: listing.id, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(201);
    expect((await order(res.json().orderId))?.total_cents).toBe(9000 + 900);
    expect((await pay(buyer, res.json().redirectUrl)).statusCode).toBe(200);
    const detail = (await buyer.get(`/api/listings/${listing.id}`)).json();
    expect(detail.status).toBe("sold");
    expect(detail.auction.ended).toBe(true);
    const [link] = await rows<{ order_id: string }>(
      t.database.db,
      sql`select order_id from auction_orders where listing_id = ${listing.id}`,
    );
    expect(link?.order_id).toBe(res.json().orderId);
    // Nobody can bid on, or buy, what was sold.
    const late = await rival.post(`/api/listings/${listing.id}/bids`, { amountCents: 5000 });
    expect(late.statusCode).toBe(422);
    expect((await checkout(rival, [{ listingId: listing.id, quantity: 1 }])).statusCode).toBe(422);
  });

  it("holds off bids while someone pays the Buy It Now price, and frees them when they give up", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      priceCents: 4000,
      auction: { endTime: new Date(Date.now() + 3_600_000), buyItNowPriceCents: 9000 },
    });
    const res = await checkout(buyer, [{ listingId: listing.id, quantity: 1 }]);
    const held = await rival.post(`/api/listings/${listing.id}/bids`, { amountCents: 4000 });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toMatch(/Someone is buying this item with Buy It Now/);
    await buyer.post(`/api/orders/${res.json().orderId}/cancel`);
    expect(
      (await rival.post(`/api/listings/${listing.id}/bids`, { amountCents: 4000 })).statusCode,
    ).toBe(201);
  });

  it("is gone once the auction has a bid", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      priceCents: 4000,
      auction: { endTime: new Date(Date.now() + 3_600_000), buyItNowPriceCents: 9000 },
    });
    expect(
      (await rival.post(`/api/listings/${listing.id}/bids`, { amountCents: 4000 })).statusCode,
    ).toBe(201);
    const res = await checkout(buyer, [{ listingId: listing.id, quantity: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe("This item is not available for Buy It Now.");
  });
});

describe("paying for a won auction", () => {
  it("opens a checkout for the settlement's order and marks it paid", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      priceCents: 5000,
      shippingCents: 700,
      auction: { endTime: new Date(Date.now() + 60_000) },
    });
    const bid = await buyer.post(`/api/listings/${listing.id}/bids`, { amountCents: 5000 });
    expect(bid.statusCode, bid.body).toBe(201);
    await t.database.db.execute(sql`
      update auction_settings set end_time = now() - interval '1 second' where listing_id = ${listing.id}`);
    const settled = await settleNextAuction(t.database.db);
    expect(settled).toBe(listing.id);
    const won = (await buyer.get("/api/me/orders")).json().items[0];
    expect(won).toMatchObject({
      source: "auction",
      status: "pending",
      canPay: true,
      totalCents: 5000 + 700 + 500,
    });

    expect((await rival.post("/api/checkout", { orderId: won.id })).statusCode).toBe(404);
    const res = await buyer.post("/api/checkout", { orderId: won.id });
    expect(res.statusCode, res.body).toBe(201);
    // A second attempt resumes the open session rather than opening another.
    const retry = await buyer.post("/api/checkout", { orderId: won.id });
    expect(retry.json().redirectUrl).toBe(res.json().redirectUrl);
    const paid = await pay(buyer, retry.json().redirectUrl);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await order(won.id))?.status).toBe("paid");
    const again = await buyer.post("/api/checkout", { orderId: won.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe("This order has already been paid.");
  });
});

describe("GET /api/me/orders", () => {
  it("lists only the buyer's own orders, newest first", async () => {
    const fresh = await signedInAgent(
      t.app,
      t.database.db,
      (await createUser(t.database.db, "new")).id,
    );
    expect((await fresh.get("/api/me/orders")).json()).toMatchObject({ items: [], total: 0 });
    const all = (await buyer.get("/api/me/orders?pageSize=100")).json();
    expect(all.total).toBeGreaterThan(3);
    const times = all.items.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where buyer_id = ${buyerId}`,
    );
    expect(all.total).toBe(count?.n);
    expect((await new Agent(t.app).get("/api/me/orders")).statusCode).toBe(401);
  });
});
