import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import type { PaymentProvider } from "../payment-providers/payment-provider";

// Every refund path (an admin's, a seller accepting a cancellation) against every other, at once.
// The invariant each test holds: never more refunded than was paid, in our rows and at the
// provider. These races are only real on PostgreSQL (TEST_DATABASE_URL): PGlite has one
// connection, so its transactions run one after another and would pass with or without the
// order lock.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "K Brown" };
const AT_ONCE = 5;
/** Rounds of the two-path races: each is one chance for the requests to interleave badly. */
const ROUNDS = 6;

const t = setUpTestApp({}, { when: onPostgres });
let buyer: Agent;
let sellers: { id: string; agent: Agent }[];
/** What the provider was asked to refund, by idempotency key (a retry repeats its key). */
const sentToProvider = new Map<string, { amountCents: number }>();

beforeAll(async () => {
  if (!onPostgres) return;
  const db = t.database.db;
  buyer = await signedInAgent(t.app, db, (await createUser(db, "buyer")).id);
  sellers = [];
  for (const name of ["shopa", "shopb"]) {
    const s = await createUser(db, name);
    sellers.push({ id: s.id, agent: await signedInAgent(t.app, db, s.id) });
  }
  const provider = t.app.payments as PaymentProvider;
  const refund = provider.refund.bind(provider);
  provider.refund = async (request) => {
    sentToProvider.set(request.idempotencyKey, { amountCents: request.amountCents });
    return refund(request);
  };
});

/** A fresh admin per test, so the refund route's per-user rate limit never answers for the rule. */
async function newAdmin(): Promise<Agent> {
  const u = await createUser(t.database.db, "admin");
  await t.database.db.execute(sql`update users set staff_role = 'admin' where id = ${u.id}`);
  return signedInAgent(t.app, t.database.db, u.id);
}

/**
 * A paid order with one line from each of the first `parts` sellers: $19.00 + $5.50 shipping +
 * $1.90 tax = $26.40 for one part (the audit's order), $52.80 for two.
 */
async function paidOrder(parts = 1): Promise<{ id: string; totalCents: number }> {
  const lines = [];
  for (const seller of sellers.slice(0, parts)) {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: `Sea moss ${Math.random().toString(36).slice(2, 7)}`,
      priceCents: 1900,
      shippingCents: 550,
      quantity: 5,
    });
    lines.push({ listingId: listing.id, quantity: 1 });
  }
  const res = await buyer.post("/api/checkout", { lines });
  expect(res.statusCode, res.body).toBe(201);
  const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
  const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  const id = res.json().orderId as string;
  const [order] = await rows<{ total: number }>(
    t.database.db,
    sql`select total_cents as total from orders where id = ${id}`,
  );
  return { id, totalCents: order?.total ?? 0 };
}

/** What the order's refunds send back (pending ones included: they are on their way). */
async function refunds(orderId: string) {
  const found = await rows<{ id: string; amount: number }>(
    t.database.db,
    sql`select id, amount_cents as amount from refunds
        where order_id = ${orderId} and status <> 'failed'`,
  );
  const provider = found.reduce((s, r) => s + (sentToProvider.get(r.id)?.amountCents ?? 0), 0);
  return {
    count: found.length,
    cents: found.reduce((s, r) => s + r.amount, 0),
    providerCents: provider,
  };
}

describe("refunds at once (PostgreSQL)", { tags: ["postgres"] }, () => {
  it("five admin full refunds at once: one goes through, never more refunded than paid", async () => {
    const admin = await newAdmin();
    const order = await paidOrder();
    expect(order.totalCents).toBe(2640);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        admin.post(`/api/admin/orders/${order.id}/refunds`, { reason: "Parcel lost." }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json().error.message).toBe("This order has been refunded in full.");
    expect(await refunds(order.id)).toEqual({ count: 1, cents: 2640, providerCents: 2640 });
  });

  it("five admin partial refunds of $10.00 at once: two go through, never more refunded than paid", async () => {
    const admin = await newAdmin();
    const order = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        admin.post(`/api/admin/orders/${order.id}/refunds`, {
          reason: "Shipping was slow.",
          amountCents: 1000,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json().error.message).toBe("At most $6.40 can be refunded on this order.");
    expect(await refunds(order.id)).toEqual({ count: 2, cents: 2000, providerCents: 2000 });
  });

  it("an admin's full refund racing a seller accepting a cancellation: never more refunded than paid", async () => {
    const admin = await newAdmin();
    const [shopA] = sellers;
    if (!shopA) throw new Error("no seller");
    for (let round = 0; round < ROUNDS; round++) {
      // Two sellers: accepting one part leaves the order paid, so the admin may still refund it.
      const order = await paidOrder(2);
      const asked = await buyer.post(`/api/orders/${order.id}/cancel`, {
        sellerId: shopA.id,
        reason: "Ordered the wrong size.",
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const [accepted, refunded] = await Promise.all([
        shopA.agent.post(`/api/orders/${order.id}/cancellation/accept`),
        admin.post(`/api/admin/orders/${order.id}/refunds`, { reason: "Goodwill." }),
      ]);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(refunded.statusCode, refunded.body).toBe(201);
      // Whichever went first, the two together send back exactly what was paid, no more.
      expect(await refunds(order.id)).toMatchObject({
        cents: order.totalCents,
        providerCents: order.totalCents,
      });
    }
  });

  it("one cancellation accepted five times at once: accepted once, refunded once, stock back once", async () => {
    const [shopA] = sellers;
    if (!shopA) throw new Error("no seller");
    const order = await paidOrder();
    const asked = await buyer.post(`/api/orders/${order.id}/cancel`, {
      reason: "Ordered the wrong size.",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [line] = await rows<{ listingId: string }>(
      t.database.db,
      sql`select listing_id as "listingId" from order_lines where order_id = ${order.id}`,
    );
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        shopA.agent.post(`/api/orders/${order.id}/cancellation/accept`),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await refunds(order.id)).toEqual({ count: 1, cents: 2640, providerCents: 2640 });
    const [listing] = await rows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from listings where id = ${line?.listingId}`,
    );
    expect(listing?.quantity).toBe(5);
  });
});
