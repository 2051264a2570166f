import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import type { PaymentProvider } from "../payment-providers/payment-provider";
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxEvent,
  sandboxSignature,
} from "../payment-providers/sandbox-provider";
import { requestCancellation } from "./cancellations.service";
import { sendPendingRefunds } from "./refunds.service";

const t = setUpTestApp();
let buyer: Agent;
let buyerId: string;
let rival: Agent;
let sellerA: { id: string; username: string };
let sellerB: { id: string; username: string };
let shopA: Agent;
let shopB: Agent;

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "K Brown" };
const REASON = { reason: "Ordered the wrong size." };

beforeAll(async () => {
  const db = t.database.db;
  sellerA = await createUser(db, "shopa");
  sellerB = await createUser(db, "shopb");
  shopA = await signedInAgent(t.app, db, sellerA.id);
  shopB = await signedInAgent(t.app, db, sellerB.id);
  const b = await createUser(db, "buyer");
  buyerId = b.id;
  buyer = await signedInAgent(t.app, db, b.id);
  rival = await signedInAgent(t.app, db, (await createUser(db, "rival")).id);
});

const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(t.database.db, query))[0];

async function listing(sellerId: string, fields: { priceCents?: number; quantity?: number } = {}) {
  return createListing(t.database.db, {
    sellerId,
    title: `Sea moss ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 1250,
    shippingCents: 500,
    quantity: 5,
    ...fields,
  });
}

/** Buys the lines and pays with the sandbox's good card; answers the paid order's id. */
async function buyAndPay(lines: { listingId: string; quantity: number }[]) {
  const res = await buyer.post("/api/checkout", { lines });
  expect(res.statusCode, res.body).toBe(201);
  const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
  const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  return res.json().orderId as string;
}

const stock = async (id: string) =>
  (await one<{ quantity: number }>(sql`select quantity from listings where id = ${id}`))?.quantity;

const notices = (userId: string, kind: string, orderId: string) =>
  rows<{ message: string }>(
    t.database.db,
    sql`select message from notifications
        where user_id = ${userId} and kind = ${kind} and order_id = ${orderId}`,
  );

const refundsOf = (orderId: string) =>
  rows<{
    amount_cents: number;
    status: string;
    seller_id: string | null;
    provider_refund_id: string | null;
    reason: string;
  }>(
    t.database.db,
    sql`select amount_cents, status, seller_id, provider_refund_id, reason from refunds
        where order_id = ${orderId}`,
  );

async function ship(orderId: string, sellerId: string) {
  await t.database.db.execute(sql`insert into shipments (order_id, seller_id, method, carrier, tracking_number)
    values (${orderId}, ${sellerId}, 'shipped', 'dhl', '123')`);
}

describe("asking to cancel a paid order (POST /api/orders/{id}/cancel)", () => {
  it("asks the seller, once, with a reason, and tells them", async () => {
    const l = await listing(sellerA.id);
    const orderId = await buyAndPay([{ listingId: l.id, quantity: 2 }]);
    const blank = await buyer.post(`/api/orders/${orderId}/cancel`, { reason: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe("Please tell the seller why you want to cancel.");
    expect((await buyer.post(`/api/orders/${orderId}/cancel`)).statusCode).toBe(400);

    const res = await buyer.post(`/api/orders/${orderId}/cancel`, REASON);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("paid");
    expect(await notices(sellerA.id, "cancellation_requested", orderId)).toHaveLength(1);

    const again = await buyer.post(`/api/orders/${orderId}/cancel`, REASON);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("cancellation_exists");

    const view = (await buyer.get(`/api/orders/${orderId}/cancellation`)).json();
    expect(view.parts).toHaveLength(1);
    expect(view.parts[0]).toMatchObject({
      seller: { id: sellerA.id },
      amountCents: 2500 + 500 + 250,
      shipped: false,
      canRequest: false,
      request: { status: "requested", reason: "Ordered the wrong size." },
      refund: null,
    });
  });

  it("is the buyer's only: anyone else, the seller included, gets 404", async () => {
    const l = await listing(sellerA.id);
    const orderId = await buyAndPay([{ listingId: l.id, quantity: 1 }]);
    for (const who of [rival, shopA]) {
      expect((await who.post(`/api/orders/${orderId}/cancel`, REASON)).statusCode).toBe(404);
      expect((await who.get(`/api/orders/${orderId}/cancellation`)).statusCode).toBe(404);
    }
    const unknown = "6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f";
    expect((await buyer.post(`/api/orders/${unknown}/cancel`, REASON)).statusCode).toBe(404);
    expect((await buyer.get(`/api/orders/${unknown}/cancellation`)).statusCode).toBe(404);
  });

  it("is refused once the part has shipped", async () => {
    const l = await listing(sellerA.id);
    const orderId = await buyAndPay([{ listingId: l.id, quantity: 1 }]);
    await ship(orderId, sellerA.id);
    const res = await buyer.post(`/api/orders/${orderId}/cancel`, REASON);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("cancellation_after_shipping");
    const view = (await buyer.get(`/api/orders/${orderId}/cancellation`)).json();
    expect(view.parts[0]).toMatchObject({ shipped: true, canRequest: false });
  });

  it("names the seller when the order has several, one part at a time", async () => {
    const a = await listing(sellerA.id, { priceCents: 1000 });
    const b = await listing(sellerB.id, { priceCents: 3000 });
    const orderId = await buyAndPay([
      { listingId: a.id, quantity: 1 },
      { listingId: b.id, quantity: 1 },
    ]);
    const vague = await buyer.post(`/api/orders/${orderId}/cancel`, REASON);
    expect(vague.statusCode).toBe(400);
    expect(vague.json().error.fields).toHaveProperty("sellerId");
    const stranger = await buyer.post(`/api/orders/${orderId}/cancel`, {
      ...REASON,
      sellerId: buyerId,
    });
    expect(stranger.statusCode).toBe(422);
    const res = await buyer.post(`/api/orders/${orderId}/cancel`, {
      ...REASON,
      sellerId: sellerA.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await notices(sellerB.id, "cancellation_requested", orderId)).toHaveLength(0);

    // Seller A accepts: their part (10.00 + 5.00 shipping + 1.00 tax) goes back; B's part stays.
    const accept = await shopA.post(`/api/orders/${orderId}/cancellation/accept`);
    expect(accept.statusCode, accept.body).toBe(200);
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ amount_cents: 1600, status: "succeeded", seller_id: sellerA.id }),
    ]);
    expect(await stock(a.id)).toBe(5);
    expect(await stock(b.id)).toBe(4);
    expect((await buyer.get(`/api/orders/${orderId}`)).json().status).toBe("paid");

    // B's part is then cancelled too: it gets exactly what is left of the order's total.
    await buyer.post(`/api/orders/${orderId}/cancel`, { ...REASON, sellerId: sellerB.id });
    expect((await shopB.post(`/api/orders/${orderId}/cancellation/accept`)).statusCode).toBe(200);
    const order = await one<{ total_cents: number; status: string }>(
      sql`select total_cents, status from orders where id = ${orderId}`,
    );
    const refunds = await refundsOf(orderId);
    expect(refunds.reduce((s, r) => s + r.amount_cents, 0)).toBe(order?.total_cents);
    expect(order?.status).toBe("cancelled");
  });

  it("is refused for an order that is not paid", async () => {
    const l = await listing(sellerA.id);
    const res = await buyer.post("/api/checkout", { lines: [{ listingId: l.id, quantity: 1 }] });
    const orderId = res.json().orderId as string;
    // The route cancels an unpaid order outright; the service asks only about paid ones.
    await expect(
      requestCancellation(t.database.db, buyerId, orderId, REASON),
    ).rejects.toMatchObject({
      statusCode: 422,
      code: "order_not_cancellable",
    });
  });
});

describe("answering a cancellation (POST /api/orders/{id}/cancellation/accept|decline)", () => {
  async function requested(quantity = 2) {
    const l = await listing(sellerA.id);
    const orderId = await buyAndPay([{ listingId: l.id, quantity }]);
    expect((await buyer.post(`/api/orders/${orderId}/cancel`, REASON)).statusCode).toBe(200);
    return { orderId, listingId: l.id };
  }

  it("is the seller's only: the buyer, another seller and strangers get 404", async () => {
    const { orderId } = await requested();
    for (const who of [buyer, shopB, rival])
      for (const answer of ["accept", "decline"]) {
        const res = await who.post(`/api/orders/${orderId}/cancellation/${answer}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("cancellation_not_found");
      }
    expect((await refundsOf(orderId)).length).toBe(0);
  });

  it("lists the request to the seller only", async () => {
    const { orderId } = await requested();
    const mine = (await shopA.get("/api/me/cancellation-requests")).json().items;
    expect(mine.find((p: { orderId: string }) => p.orderId === orderId)).toMatchObject({
      request: { status: "requested", reason: "Ordered the wrong size." },
      buyer: { id: buyerId },
    });
    const theirs = (await shopB.get("/api/me/cancellation-requests")).json().items;
    expect(theirs.some((p: { orderId: string }) => p.orderId === orderId)).toBe(false);
  });

  it("accepts: stock returns, the part is refunded through the provider, both are told", async () => {
    const { orderId, listingId } = await requested(2);
    expect(await stock(listingId)).toBe(3);
    const res = await shopA.post(`/api/orders/${orderId}/cancellation/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stock(listingId)).toBe(5);
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ amount_cents: 3250, status: "succeeded", reason: "cancelled" });
    expect(refund?.provider_refund_id).toMatch(/^re_sbx_/);
    expect((await buyer.get(`/api/orders/${orderId}`)).json().status).toBe("cancelled");
    expect((await notices(buyerId, "cancellation_answered", orderId))[0]?.message).toContain(
      "accepted",
    );
    expect((await notices(buyerId, "refund_issued", orderId))[0]?.message).toBe(
      `A refund of $32.50 for order ${orderId.slice(0, 8)} was issued to your card.`,
    );
    expect(await notices(sellerA.id, "refund_issued", orderId)).toHaveLength(1);
    const view = (await buyer.get(`/api/orders/${orderId}/cancellation`)).json();
    expect(view.parts[0]).toMatchObject({
      request: { status: "accepted" },
      refund: { status: "succeeded", amountCents: 3250 },
    });

    // Answered once: neither answer is taken again, and nothing is refunded twice.
    expect((await shopA.post(`/api/orders/${orderId}/cancellation/accept`)).statusCode).toBe(409);
    expect((await shopA.post(`/api/orders/${orderId}/cancellation/decline`)).statusCode).toBe(409);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(await stock(listingId)).toBe(5);
  });

  it("declines: nothing moves and the buyer is told", async () => {
    const { orderId, listingId } = await requested(1);
    const res = await shopA.post(`/api/orders/${orderId}/cancellation/decline`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stock(listingId)).toBe(4);
    expect(await refundsOf(orderId)).toHaveLength(0);
    expect((await notices(buyerId, "cancellation_answered", orderId))[0]?.message).toContain(
      "declined",
    );
    expect((await buyer.get(`/api/orders/${orderId}`)).json().status).toBe("paid");
    expect((await shopA.post(`/api/orders/${orderId}/cancellation/accept`)).statusCode).toBe(409);
  });

  it("cannot accept once the part has shipped", async () => {
    const { orderId, listingId } = await requested(1);
    await ship(orderId, sellerA.id);
    const res = await shopA.post(`/api/orders/${orderId}/cancellation/accept`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("cancellation_after_shipping");
    expect(await stock(listingId)).toBe(4);
    expect(await refundsOf(orderId)).toHaveLength(0);
  });
});

describe("the refunds job", () => {
  /** The app's provider with its refund replaced for the length of `run`. */
  async function withRefund(
    refund: PaymentProvider["refund"],
    run: () => Promise<void>,
  ): Promise<void> {
    const original = t.app.payments.refund;
    t.app.payments.refund = refund;
    try {
      await run();
    } finally {
      t.app.payments.refund = original;
    }
  }

  it("retries a refund the provider failed, with the same key, and never refunds twice", async () => {
    const l = await listing(sellerA.id);
    const orderId = await buyAndPay([{ listingId: l.id, quantity: 1 }]);
    await buyer.post(`/api/orders/${orderId}/cancel`, REASON);
    const keys: string[] = [];
    await withRefund(
      async (request) => {
        keys.push(request.idempotencyKey);
        throw new Error("connection reset");
      },
      async () => {
        const res = await shopA.post(`/api/orders/${orderId}/cancellation/accept`);
        expect(res.statusCode, res.body).toBe(200);
      },
    );
    // Accepted, stock back, but the money is still to go.
    expect(await stock(l.id)).toBe(5);
    expect((await refundsOf(orderId))[0]?.status).toBe("pending");
    expect(await notices(buyerId, "refund_issued", orderId)).toHaveLength(0);

    // Two instances run the job at once with a slow provider: one sends it, the other skips it.
    const calls: { paymentId: string | null; key: string; amount: number }[] = [];
    await withRefund(
      async (request) => {
        calls.push({
          paymentId: request.paymentId,
          key: request.idempotencyKey,
          amount: request.amountCents,
        });
        await new Promise((r) => setTimeout(r, 50));
        return { providerRefundId: `re_test_${request.idempotencyKey}` };
      },
      async () => {
        const deps = { db: t.database.db, provider: t.app.payments };
        await Promise.all([sendPendingRefunds(deps), sendPendingRefunds(deps)]);
        await sendPendingRefunds(deps);
      },
    );
    const [refund] = await refundsOf(orderId);
    expect(calls.filter((c) => c.key === keys[0])).toHaveLength(1);
    expect(calls[0]?.paymentId).toMatch(/^pi_sbx_/);
    expect(calls[0]?.amount).toBe(1250 + 500 + 125);
    expect(refund).toMatchObject({ status: "succeeded", provider_refund_id: `re_test_${keys[0]}` });
    expect(await notices(buyerId, "refund_issued", orderId)).toHaveLength(1);
  });

  it("marks a refund the provider refuses for good as failed, and tells nobody it was issued", async () => {
    const l = await listing(sellerA.id);
    const orderId = await buyAndPay([{ listingId: l.id, quantity: 1 }]);
    await buyer.post(`/api/orders/${orderId}/cancel`, REASON);
    const { RefundRefusedError } = await import("../payment-providers/payment-provider");
    await withRefund(
      async () => {
        throw new RefundRefusedError("charge already refunded");
      },
      async () => {
        expect((await shopA.post(`/api/orders/${orderId}/cancellation/accept`)).statusCode).toBe(
          200,
        );
      },
    );
    expect((await refundsOf(orderId))[0]?.status).toBe("failed");
    expect(await notices(buyerId, "refund_issued", orderId)).toHaveLength(0);
  });

  it("refunds a paid order that could not be filled, whole, and tells buyer and seller", async () => {
    const l = await listing(sellerA.id, { quantity: 1 });
    const res = await buyer.post("/api/checkout", { lines: [{ listingId: l.id, quantity: 1 }] });
    const orderId = res.json().orderId as string;
    const sessionId = (res.json().redirectUrl as string).split("/pay/sandbox/")[1] as string;
    const total = (
      await one<{ t: number }>(sql`select total_cents as t from orders where id = ${orderId}`)
    )?.t as number;
    // The reservation lapsed and the last unit went to someone else before the payment landed.
    await t.database.db.execute(sql`update listings set quantity = 0 where id = ${l.id}`);
    const key = createHmac("sha256", t.app.config.sessionSecret)
      .update("sandbox-webhooks")
      .digest("hex");
    const payload = JSON.stringify(sandboxEvent("checkout.session.completed", sessionId, total));
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook/sandbox",
      headers: {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(key, payload),
      },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    expect((await buyer.get(`/api/orders/${orderId}`)).json().status).toBe("cancelled");
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({
        amount_cents: total,
        status: "pending",
        seller_id: null,
        reason: "unfillable",
      }),
    ]);
    expect(await sendPendingRefunds({ db: t.database.db, provider: t.app.payments })).toBe(1);
    expect((await refundsOf(orderId))[0]?.status).toBe("succeeded");
    expect(await notices(buyerId, "refund_issued", orderId)).toHaveLength(1);
    expect(await notices(sellerA.id, "refund_issued", orderId)).toHaveLength(1);
    const view = (await buyer.get(`/api/orders/${orderId}/cancellation`)).json();
    expect(view.refunds).toEqual([
      expect.objectContaining({ amountCents: total, status: "succeeded", sellerId: null }),
    ]);
    expect(view.parts[0].canRequest).toBe(false);
  });
});

describe("demo data", () => {
  it("has one order cancelled before shipping and refunded", async () => {
    const demo = await rows<{ username: string; status: string; refund: string; request: string }>(
      t.database.db,
      sql`select u.username, o.status, r.status as refund, cr.status as request
          from refunds r join orders o on o.id = r.order_id join users u on u.id = o.buyer_id
          join cancellation_requests cr on cr.order_id = o.id
          where r.provider_refund_id = 're_sbx_demo_refunded'`,
    );
    expect(demo).toEqual([
      { username: "keisha", status: "cancelled", refund: "succeeded", request: "accepted" },
    ]);
  });
});
