import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { buildTestApp, setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { type FakeCheckoutSession, startFakeStripe } from "../../test/fake-stripe";
import { sendPendingRefunds } from "../cancellations/refunds.service";
import { stripeProvider } from "./stripe-provider";

const SECRET_KEY = "sk_test_tradewinds";
const WEBHOOK_SECRET = "whsec_tradewinds_test";

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const t = setUpTestApp(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  return {
    payments: stripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: "http://localhost:3000",
      api: { host: "127.0.0.1", port: fake.port, protocol: "http" },
    }),
  };
});
let buyer: Agent;
const signer = new Stripe(SECRET_KEY);

beforeAll(async () => {
  buyer = await signedInAgent(
    t.app,
    t.database.db,
    (await createUser(t.database.db, "stripey")).id,
  );
});
afterAll(async () => {
  await fake?.close();
});

/** A Stripe event around a session, shaped like Stripe's published `checkout.session.*` events. */
function event(
  type: string,
  session: FakeCheckoutSession,
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2025-10-29.clover",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
}

function deliver(
  payload: string,
  signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/webhook/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

async function startCheckout(quantity = 2) {
  const seller = await createUser(t.database.db, "stripeshop");
  const listing = await createListing(t.database.db, {
    sellerId: seller.id,
    title: "Blue Mountain coffee, 1 lb",
    priceCents: 3200,
    shippingCents: 600,
    quantity: 5,
  });
  const res = await buyer.post("/api/checkout", { lines: [{ listingId: listing.id, quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  const session = [...fake.sessions.values()].find(
    (s) => s.metadata.orderId === res.json().orderId,
  );
  if (!session) throw new Error("the fake Stripe saw no session for the order");
  return {
    listing,
    orderId: res.json().orderId as string,
    redirectUrl: res.json().redirectUrl as string,
    session,
  };
}

async function state(orderId: string, listingId: string) {
  const [row] = await rows<{ status: string; quantity: number }>(
    t.database.db,
    sql`select o.status, l.quantity from orders o, listings l where o.id = ${orderId} and l.id = ${listingId}`,
  );
  return row;
}

describe("the Stripe provider", () => {
  it("says it is Stripe", async () => {
    expect((await buyer.get("/api/payments/provider")).json()).toEqual({
      id: "stripe",
      name: "Stripe",
    });
  });

  it("opens a Checkout Session with the database's prices, shipping and tax, and redirects to it", async () => {
    const { session, redirectUrl, orderId } = await startCheckout(2);
    expect(redirectUrl).toBe(session.url);
    expect(session.line_items).toEqual([
      { name: "Blue Mountain coffee, 1 lb", unit_amount: 3200, quantity: 2 },
      { name: "Shipping", unit_amount: 600, quantity: 1 },
      { name: "Tax", unit_amount: 640, quantity: 1 },
    ]);
    expect(session.amount_total).toBe(6400 + 600 + 640);
    expect(session.success_url).toBe(`http://localhost:3000/checkout/success?order=${orderId}`);
    expect(session.cancel_url).toBe(`http://localhost:3000/cart?cancelled=${orderId}`);
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it("marks the order paid on a signed checkout.session.completed, once, however often it arrives", async () => {
    const { session, orderId, listing } = await startCheckout(2);
    const paid = event(
      "checkout.session.completed",
      { ...session, status: "complete", payment_status: "paid" },
      "evt_paid_1",
    );
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await state(orderId, listing.id)).toEqual({ status: "paid", quantity: 3 });
  });

  it("waits for the money when a completed session is still unpaid (delayed payment methods)", async () => {
    const { session, orderId, listing } = await startCheckout(1);
    await deliver(
      event("checkout.session.completed", {
        ...session,
        status: "complete",
        payment_status: "unpaid",
      }),
    );
    expect(await state(orderId, listing.id)).toEqual({ status: "pending", quantity: 5 });
    await deliver(
      event("checkout.session.async_payment_succeeded", {
        ...session,
        status: "complete",
        payment_status: "paid",
      }),
    );
    expect(await state(orderId, listing.id)).toEqual({ status: "paid", quantity: 4 });
  });

  it("expires the order and frees its stock on checkout.session.expired", async () => {
    const { session, orderId, listing } = await startCheckout(5);
    // Another buyer's view: the buyer's own reservation counts as theirs.
    const other = await signedInAgent(
      t.app,
      t.database.db,
      (await createUser(t.database.db, "onlooker")).id,
    );
    const check = async () =>
      (
        await other.post("/api/cart/validate", { lines: [{ listingId: listing.id, quantity: 1 }] })
      ).json().lines[0].available;
    expect(await check()).toBe(0);
    await deliver(event("checkout.session.expired", { ...session, status: "expired", url: null }));
    expect(await state(orderId, listing.id)).toEqual({ status: "expired", quantity: 5 });
    expect(await check()).toBe(5);
  });

  it("refuses forged and unsigned events with 400", async () => {
    const { session, orderId, listing } = await startCheckout(1);
    const payload = event("checkout.session.completed", { ...session, payment_status: "paid" });
    const forged = signer.webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_someone_else",
    });
    expect((await deliver(payload, forged)).statusCode).toBe(400);
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(payload, stale)).statusCode).toBe(400);
    expect((await deliver(payload, "")).statusCode).toBe(400);
    expect(await state(orderId, listing.id)).toEqual({ status: "pending", quantity: 5 });
    // The sandbox's route does not exist while Stripe is the provider.
    const sandbox = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook/sandbox",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it("expires the Stripe session when the buyer cancels", async () => {
    const { session, orderId, listing } = await startCheckout(1);
    const res = await buyer.post(`/api/orders/${orderId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.sessions.get(session.id)?.status).toBe("expired");
    expect(await state(orderId, listing.id)).toEqual({ status: "cancelled", quantity: 5 });
  });
});

describe("Stripe refunds", () => {
  /** A paid order whose completed session carried `payment_intent`, and its seller signed in. */
  async function paidOrder(paymentIntent: string) {
    const bought = await startCheckout(1);
    const paid = event("checkout.session.completed", {
      ...bought.session,
      status: "complete",
      payment_status: "paid",
      payment_intent: paymentIntent,
    });
    expect((await deliver(paid)).statusCode).toBe(200);
    const seller = await signedInAgent(t.app, t.database.db, bought.listing.sellerId);
    return { ...bought, seller };
  }

  const refundRow = async (orderId: string) =>
    (
      await rows<{ id: string; status: string; provider_refund_id: string | null }>(
        t.database.db,
        sql`select id, status, provider_refund_id from refunds where order_id = ${orderId}`,
      )
    )[0];

  it("keeps the PaymentIntent id and refunds a cancelled order through POST /v1/refunds", async () => {
    const { orderId, seller, session } = await paidOrder("pi_test_cancelled");
    const [stored] = await rows<{ id: string }>(
      t.database.db,
      sql`select provider_payment_id as id from payment_sessions where order_id = ${orderId}`,
    );
    expect(stored?.id).toBe("pi_test_cancelled");
    const ask = await buyer.post(`/api/orders/${orderId}/cancel`, { reason: "Found it cheaper." });
    expect(ask.statusCode, ask.body).toBe(200);
    // One unit that fails once at Stripe with a 500: the SDK retries with the same key.
    fake.failures.refunds = 1;
    const accept = await seller.post(`/api/orders/${orderId}/cancellation/accept`);
    expect(accept.statusCode, accept.body).toBe(200);
    const row = await refundRow(orderId);
    const mine = fake.refundRequests.filter((r) => r.idempotencyKey === row?.id);
    expect(mine.length).toBe(2);
    expect(mine[1]?.body).toEqual({ payment_intent: "pi_test_cancelled", amount: "4120" });
    const made = fake.refunds.filter((r) => r.idempotencyKey === row?.id);
    expect(made).toHaveLength(1);
    expect(made[0]?.amount).toBe(session.amount_total);
    expect(row).toMatchObject({ status: "succeeded", provider_refund_id: made[0]?.id });
  });

  // Invariant: whatever answers are lost, a refund row is made at Stripe at most once; the row
  // ends succeeded with the id of that one refund.
  it("resends a refund whose answer was lost with the same key, and Stripe makes it once", async () => {
    const { orderId, seller } = await paidOrder("pi_test_lost");
    await buyer.post(`/api/orders/${orderId}/cancel`, { reason: "Changed my mind." });
    // Stripe makes the refund, and the answer is lost; so are the SDK's two retries' answers
    // (found again by the key, then lost). Stripe has refunded; we cannot know: still pending.
    fake.failures.refundAnswersLost = 3;
    await seller.post(`/api/orders/${orderId}/cancellation/accept`);
    const row = await refundRow(orderId);
    expect(row?.status).toBe("pending");
    expect(fake.failures.refundAnswersLost).toBe(0);
    const made = fake.refunds.filter((r) => r.idempotencyKey === row?.id);
    expect(made).toHaveLength(1);
    // The job sends it again, twice over (two instances), and again: Stripe answers with the refund
    // it made the first time, found by the key, and makes no other.
    const deps = { db: t.database.db, provider: t.app.payments };
    await Promise.all([sendPendingRefunds(deps), sendPendingRefunds(deps)]);
    await sendPendingRefunds(deps);
    expect(fake.refundRequests.filter((r) => r.idempotencyKey === row?.id).length).toBeGreaterThan(
      3,
    );
    expect(fake.refunds.filter((r) => r.idempotencyKey === row?.id)).toHaveLength(1);
    expect(await refundRow(orderId)).toMatchObject({
      status: "succeeded",
      provider_refund_id: made[0]?.id,
    });
  });

  it("keeps a refund pending while Stripe answers 500, and sends it once later", async () => {
    const { orderId, seller } = await paidOrder("pi_test_500");
    await buyer.post(`/api/orders/${orderId}/cancel`, { reason: "Changed my mind." });
    // Stripe keeps failing through the SDK's own retries: the refund stays pending.
    fake.failures.refunds = 3;
    await seller.post(`/api/orders/${orderId}/cancellation/accept`);
    const row = await refundRow(orderId);
    expect(row?.status).toBe("pending");
    // The job sends it later, twice over (two instances), and again: one refund at Stripe.
    const deps = { db: t.database.db, provider: t.app.payments };
    await Promise.all([sendPendingRefunds(deps), sendPendingRefunds(deps)]);
    await sendPendingRefunds(deps);
    expect(fake.refunds.filter((r) => r.idempotencyKey === row?.id)).toHaveLength(1);
    expect((await refundRow(orderId))?.status).toBe("succeeded");
  });

  it("marks the refund failed when Stripe refuses it for good", async () => {
    const { orderId, seller } = await paidOrder("not_a_payment_intent");
    await buyer.post(`/api/orders/${orderId}/cancel`, { reason: "Changed my mind." });
    await seller.post(`/api/orders/${orderId}/cancellation/accept`);
    expect((await refundRow(orderId))?.status).toBe("failed");
  });
});

describe("choosing the provider from the configuration", () => {
  // Stripe's SDK is imported only when Stripe is configured (server/app.ts): both ways must still
  // end with the right provider.
  it("uses Stripe when its keys are set, and the sandbox when they are not", async () => {
    const configured = await buildTestApp({
      seed: false,
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
      },
    });
    const unconfigured = await buildTestApp({ seed: false });
    try {
      expect(configured.app.payments.id).toBe("stripe");
      expect(unconfigured.app.payments.id).toBe("sandbox");
    } finally {
      await configured.close();
      await unconfigured.close();
    }
  });
});
