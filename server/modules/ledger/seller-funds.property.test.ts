import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { orderTotals } from "../../../core/cart";
import { settableClock } from "../../clock";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";
import { recordRefund } from "../cancellations/refunds.service";
import { sandboxPayouts } from "../payment-providers/sandbox-payouts";
import { startOnboarding } from "../payouts/payout-accounts.service";
import { runPayouts } from "../payouts/payout-runs";
import { sellerBalances } from "./journal";
import { checkLedger, describeBreaks } from "./ledger-check";
import { postOrderPaid, postRefundSent, releaseDueFunds, scheduleRelease } from "./seller-funds";

// Issue 26's "done when": random sequences of sales (orders of 1-3 sellers, several lines with
// quantities and shipping), partial and full refunds (of one seller's part or of the whole
// order, some sent by the provider), shipments with and without tracking, deliveries, time
// passing (the release job), payouts and payout failures, through the real services on PGlite.
// After every step: the ledger reconciles (checkLedger: every journal sums to zero, the payouts in
// transit and the refunds owed equal their rows, released sales have nothing left pending...);
// each seller's balances equal the sum of what their sales left them less what was paid out; each
// sale's part is worth its sale less its fee less its refunds plus the fee given back, and
// nothing when refunded in full; a payout never exceeds the available balance it is paid from.
//
// Refunds of one order mix parts and the whole order in any order: a whole-order refund is shared
// by what is left of each part, and a part's refund that asks more than is left of its part (after
// a whole-order refund took some of it) takes the rest from the other parts, so no part is ever
// refunded beyond its price (refundShares in seller-funds.ts).
//
// Payouts go through the real services: onboarding on the sandbox's form (startOnboarding: each
// seller's bank, good or one of Stripe's failing test numbers), and runPayouts, the leased run the
// job makes, which pays every due seller their whole available balance and, days later by the
// clock, settles what arrived: paid, or failed back to available (the seller must then give their
// bank again, "rebank" below).

const DAY = 86_400_000;
const SELLERS = 3;

let testDb: TestDatabase;
let db: Db;
const clock = settableClock(new Date("2031-03-02T12:00:00Z"));

beforeAll(async () => {
  testDb = await openTestDatabase("pglite");
  db = testDb.database.db;
  // The little a listing needs (createListing takes the first category and territory).
  await db.execute(sql`insert into categories (slug, name) values ('things', 'Things')`);
  await db.execute(sql`insert into territories (slug, name) values ('tt', 'Trinidad and Tobago')`);
});

afterAll(async () => {
  await testDb?.dispose();
});

type Line = { priceCents: number; quantity: number; shippingCents: number };
type Action =
  | { t: "sale"; parts: { seller: number; lines: Line[] }[] }
  | { t: "refund"; order: number; part: number | null; full: boolean; share: number; sent: boolean }
  | { t: "ship"; order: number; part: number; tracked: boolean }
  | { t: "deliver"; order: number; part: number }
  | { t: "wait"; days: number }
  | { t: "payout" }
  | { t: "settle" }
  | { t: "rebank"; seller: number; failing: boolean };

const line = fc.record({
  priceCents: fc.integer({ min: 1, max: 120_000 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  shippingCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000 })),
});
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("sale" as const),
      parts: fc.uniqueArray(
        fc.record({
          seller: fc.integer({ min: 0, max: SELLERS - 1 }),
          lines: fc.array(line, { minLength: 1, maxLength: 2 }),
        }),
        { minLength: 1, maxLength: 3, selector: (p) => p.seller },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("refund" as const),
      order: fc.nat({ max: 3 }),
      part: fc.option(fc.nat(), { nil: null }),
      full: fc.boolean(),
      share: fc.double({ min: 0.05, max: 1, noNaN: true }),
      sent: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("ship" as const),
      order: fc.nat({ max: 3 }),
      part: fc.nat(),
      tracked: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("deliver" as const),
      order: fc.nat({ max: 3 }),
      part: fc.nat(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("wait" as const),
      days: fc.integer({ min: 1, max: 20 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("payout" as const) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("settle" as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("rebank" as const),
      seller: fc.nat({ max: SELLERS - 1 }),
      failing: fc.boolean(),
    }),
  },
);

/** What the test itself knows of a run: its orders, what it refunded, what it paid out. */
interface Model {
  sellers: string[];
  listings: string[];
  buyer: string;
  orders: {
    id: string;
    totalCents: number;
    refundedCents: number;
    /** Whether a whole-order refund was made: each part's refunds are then the service's split. */
    refundedWhole: boolean;
    parts: { sellerId: string; wholeCents: number; refundedCents: number }[];
  }[];
  /** Payout runs made: a run's payouts must take exactly the available balance. */
  runs: number;
}

const payoutProvider = sandboxPayouts();

/** A seller gives their bank on the sandbox's form: Stripe's succeeding number, or a failing one. */
async function onboard(sellerId: string, failing: boolean) {
  await startOnboarding(
    { db, provider: payoutProvider, now: clock.now() },
    { id: sellerId, email: `${sellerId}@example.test` },
    {
      holderName: "Test Seller",
      bankName: "Republic Bank",
      accountNumber: failing ? "000111111116" : "000123456789",
      routingNumber: "110000000",
    },
  );
}

/**
 * Always tried first: a two-seller sale, one part shipped with tracking and one delivered, a
 * partial refund, time for both to be released, a payout that fails and one that is paid, a
 * refund after the payout (the balance goes negative), a new sale that makes it good.
 */
const STORY: Action[] = [
  {
    t: "sale",
    parts: [
      { seller: 0, lines: [{ priceCents: 4_500, quantity: 2, shippingCents: 700 }] },
      { seller: 1, lines: [{ priceCents: 52_000, quantity: 1, shippingCents: 0 }] },
    ],
  },
  { t: "ship", order: 0, part: 0, tracked: true },
  { t: "deliver", order: 0, part: 1 },
  { t: "refund", order: 0, part: 1, full: false, share: 0.3, sent: true },
  { t: "rebank", seller: 0, failing: true },
  { t: "wait", days: 15 },
  { t: "payout" },
  { t: "settle" },
  { t: "rebank", seller: 0, failing: false },
  { t: "wait", days: 1 },
  { t: "payout" },
  { t: "settle" },
  { t: "refund", order: 0, part: 0, full: true, share: 1, sent: false },
  {
    t: "sale",
    parts: [{ seller: 0, lines: [{ priceCents: 30_000, quantity: 1, shippingCents: 0 }] }],
  },
  { t: "ship", order: 0, part: 0, tracked: true },
  { t: "wait", days: 15 },
  { t: "payout" },
];

/** The run's `back`-th latest order (actions aim at recent ones, so sales get to be released). */
function recent(model: Model, back: number): Model["orders"][number] | undefined {
  const n = model.orders.length;
  return n === 0 ? undefined : model.orders[n - 1 - (back % n)];
}

async function newModel(): Promise<Model> {
  const sellers: string[] = [];
  const listings: string[] = [];
  for (let i = 0; i < SELLERS; i++) {
    const seller = await createUser(db, "seller");
    sellers.push(seller.id);
    listings.push((await createListing(db, { sellerId: seller.id, quantity: 1000 })).id);
  }
  const buyer = (await createUser(db, "buyer")).id;
  // The last seller's bank fails its first payout; the others' succeed.
  for (const [i, sellerId] of sellers.entries()) await onboard(sellerId, i === SELLERS - 1);
  return { sellers, listings, buyer, orders: [], runs: 0 };
}

async function run(model: Model, a: Action): Promise<void> {
  const now = clock.now();
  switch (a.t) {
    case "sale": {
      const lines = a.parts.flatMap((p) =>
        p.lines.map((l) => ({ ...l, sellerIndex: p.seller, unitPriceCents: l.priceCents })),
      );
      const totals = orderTotals(lines);
      const id = await db.transaction(async (tx) => {
        const [order] = await rows<{ id: string }>(
          tx,
          sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents,
                tax_cents, total_cents, paid_at)
              values (${model.buyer}, 'paid', 'checkout', ${totals.subtotalCents},
                ${totals.shippingCents}, ${totals.taxCents}, ${totals.totalCents},
                ${now.toISOString()}::timestamptz)
              returning id`,
        );
        if (!order) throw new Error("no order");
        for (const l of lines)
          await tx.execute(sql`insert into order_lines (order_id, listing_id, seller_id, title,
              unit_price_cents, shipping_cents, quantity)
            values (${order.id}, ${model.listings[l.sellerIndex] as string},
              ${model.sellers[l.sellerIndex] as string}, 'Thing', ${l.priceCents},
              ${l.shippingCents}, ${l.quantity})`);
        await postOrderPaid(tx, order.id, now);
        return order.id;
      });
      const parts = await rows<{ sellerId: string; wholeCents: number }>(
        db,
        sql`select seller_id as "sellerId", sale_cents + tax_cents as "wholeCents"
            from seller_sales where order_id = ${id} order by seller_id`,
      );
      model.orders.push({
        id,
        totalCents: totals.totalCents,
        refundedCents: 0,
        refundedWhole: false,
        parts: parts.map((p) => ({ ...p, refundedCents: 0 })),
      });
      return;
    }
    case "refund": {
      const order = recent(model, a.order);
      if (!order) return;
      // Of one seller's part, up to what is left of it (the refund paths check this first); or
      // of the whole order, up to what is left of it.
      const part = a.part === null ? null : order.parts[a.part % order.parts.length];
      // A part's refund asks at most its price less its own refunds, as the cancellation path
      // does (which knows nothing of whole-order refunds), and never more than the order has left.
      const left = Math.min(
        order.totalCents - order.refundedCents,
        part ? part.wholeCents - part.refundedCents : Number.POSITIVE_INFINITY,
      );
      if (left <= 0) return;
      const amount = a.full ? left : Math.max(1, Math.min(left, Math.floor(left * a.share)));
      await db.transaction(async (tx) => {
        const refundId = await recordRefund(tx, {
          orderId: order.id,
          sellerId: part?.sellerId ?? null,
          amountCents: amount,
          reason: "test",
          provider: "sandbox",
          now,
        });
        if (refundId && a.sent) {
          await tx.execute(sql`update refunds set status = 'succeeded', settled_at = now()
            where id = ${refundId}`);
          await postRefundSent(tx, { id: refundId, orderId: order.id, amountCents: amount }, now);
        }
      });
      order.refundedCents += amount;
      if (!part) order.refundedWhole = true;
      if (part) part.refundedCents += amount;
      return;
    }
    case "ship":
    case "deliver": {
      const order = recent(model, a.order);
      const part = order?.parts[a.part % order.parts.length];
      if (!order || !part) return;
      // Shipped without tracking sets no date: only the buyer's confirmation will.
      if (a.t === "ship" && !a.tracked) return;
      await db.transaction((tx) =>
        scheduleRelease(
          tx,
          order.id,
          part.sellerId,
          a.t === "ship" ? { shippedWithTrackingAt: now } : { deliveredAt: now },
        ),
      );
      return;
    }
    case "wait": {
      clock.advance(a.days * DAY);
      await releaseDueFunds(db, clock.now());
      return;
    }
    case "payout": {
      // A payout run at this moment: due sellers are paid their whole available balance (at most
      // once a day each), and what arrived is settled.
      const before = new Map<string, number>();
      for (const sellerId of model.sellers)
        before.set(sellerId, (await sellerBalances(db, sellerId)).seller_available);
      const result = await runPayouts({ db, provider: payoutProvider, now });
      expect(result.ran).toBe(true);
      model.runs += 1;
      // No payout exceeds the available balance it was paid from: each is exactly that balance.
      const sent = await rows<{ sellerId: string; amountCents: number }>(
        db,
        sql`select seller_id as "sellerId", amount_cents as "amountCents" from payouts
            where created_at = ${now.toISOString()}::timestamptz`,
      );
      // (Earlier runs' sellers, still in the database, may be paid by the same run: not checked here.)
      for (const payout of sent.filter((p) => before.has(p.sellerId))) {
        expect(payout.amountCents).toBeGreaterThan(0);
        expect(payout.amountCents).toBeLessThanOrEqual(before.get(payout.sellerId) ?? 0);
      }
      return;
    }
    case "settle": {
      // Two days on, the sandbox's payouts have reached the bank: the next run settles them.
      clock.advance(2 * DAY + 60_000);
      await releaseDueFunds(db, clock.now());
      const result = await runPayouts({ db, provider: payoutProvider, now: clock.now() });
      expect(result.ran).toBe(true);
      return;
    }
    case "rebank": {
      await onboard(model.sellers[a.seller % SELLERS] as string, a.failing);
      return;
    }
  }
}

/** Each part of the run's orders as the ledger has it: what its refunds and its seller hold. */
async function partsInLedger(model: Model) {
  const ids = model.orders.map((o) => o.id);
  if (ids.length === 0) return [];
  return rows<{
    orderId: string;
    sellerId: string;
    saleCents: number;
    feeCents: number;
    taxCents: number;
    /** What the seller's accounts hold from this part (pending and available together). */
    net: string | number;
    refunded: string | number;
    taxBack: string | number;
    feeBack: string | number;
  }>(
    db,
    sql`select s.order_id as "orderId", s.seller_id as "sellerId", s.sale_cents as "saleCents",
          s.fee_cents as "feeCents", s.tax_cents as "taxCents",
          coalesce((select sum(e.amount_cents) from ledger_entries e
            join ledger_journals j on j.id = e.journal_id
            where j.order_id = s.order_id and e.seller_id = s.seller_id), 0) as net,
          coalesce((select sum(e.amount_cents) filter (where e.account = 'refunds_payable')
            from ledger_entries e join ledger_journals j on j.id = e.journal_id
            where j.source_kind = 'refund' and j.order_id = s.order_id
              and j.purpose = 'refund:' || s.seller_id), 0) as refunded,
          coalesce((select -sum(e.amount_cents) filter (where e.account = 'tax_payable')
            from ledger_entries e join ledger_journals j on j.id = e.journal_id
            where j.source_kind = 'refund' and j.order_id = s.order_id
              and j.purpose = 'refund:' || s.seller_id), 0) as "taxBack",
          coalesce((select -sum(e.amount_cents) filter (where e.account = 'fee_revenue_final_value')
            from ledger_entries e join ledger_journals j on j.id = e.journal_id
            where j.source_kind = 'refund' and j.order_id = s.order_id
              and j.purpose = 'refund:' || s.seller_id), 0) as "feeBack"
        from seller_sales s
        where s.order_id::text in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

async function checkInvariants(model: Model): Promise<void> {
  // The ledger reconciles with every row (all journals sum to zero, in transit and refunds owed
  // equal their rows, released sales have nothing pending, each event has its journal).
  expect(describeBreaks(await checkLedger(db))).toBe("");

  const parts = await partsInLedger(model);
  const netBySeller = new Map<string, number>();
  for (const p of parts) {
    const net = Number(p.net);
    const refunded = Number(p.refunded);
    const taxBack = Number(p.taxBack);
    const feeBack = Number(p.feeBack);
    // Each part: sale less fee less the sale refunded, plus the fee given back.
    expect(net).toBe(p.saleCents - p.feeCents - (refunded - taxBack) + feeBack);
    expect(feeBack).toBeGreaterThanOrEqual(0);
    expect(feeBack).toBeLessThanOrEqual(p.feeCents);
    expect(taxBack).toBeGreaterThanOrEqual(0);
    expect(taxBack).toBeLessThanOrEqual(p.taxCents);
    // No part is refunded more than the buyer paid for it.
    expect(refunded).toBeLessThanOrEqual(p.saleCents + p.taxCents);
    const order = model.orders.find((o) => o.id === p.orderId);
    const modelPart = order?.parts.find((x) => x.sellerId === p.sellerId);
    if (order && !order.refundedWhole) expect(refunded).toBe(modelPart?.refundedCents);
    // Refunded in full: the seller keeps nothing of it and the fee and tax all came back.
    if (refunded === p.saleCents + p.taxCents) {
      expect(net).toBe(0);
      expect(feeBack).toBe(p.feeCents);
      expect(taxBack).toBe(p.taxCents);
    }
    netBySeller.set(p.sellerId, (netBySeller.get(p.sellerId) ?? 0) + net);
  }
  // Whole-order refunds are split among the parts and sum to what was refunded.
  for (const order of model.orders) {
    const refunded = parts
      .filter((p) => p.orderId === order.id)
      .reduce((sum, p) => sum + Number(p.refunded), 0);
    expect(refunded).toBe(order.refundedCents);
  }
  // Each seller's balances are what their sales left them less what was paid out (payouts sent
  // and not failed: a failed one's money came back).
  const paid = await rows<{ sellerId: string; cents: number }>(
    db,
    sql`select seller_id as "sellerId", sum(amount_cents)::int as cents from payouts
        where status <> 'failed' group by seller_id`,
  );
  const paidOut = new Map(paid.map((p) => [p.sellerId, p.cents]));
  for (const sellerId of model.sellers) {
    const b = await sellerBalances(db, sellerId);
    const total = b.seller_pending + b.seller_available + b.seller_on_hold;
    expect(total).toBe((netBySeller.get(sellerId) ?? 0) - (paidOut.get(sellerId) ?? 0));
    // Money on its way to a bank left available when sent; pending is never negative.
    expect(b.seller_pending).toBeGreaterThanOrEqual(0);
  }
}

it("sales, refunds, shipments, deliveries, time, payouts and failures keep the money whole", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 16 }), async (actions) => {
      const model = await newModel();
      for (const a of actions) {
        await run(model, a);
        await checkInvariants(model);
      }
    }),
    { numRuns: 20, examples: [[STORY]] },
  );
  // The runs did pay sellers, and a payout did fail and come back (the story makes sure of both).
  const outcomes = await rows<{ status: string }>(
    db,
    sql`select distinct status from payouts order by status`,
  );
  expect(outcomes.map((o) => o.status)).toEqual(expect.arrayContaining(["failed", "paid"]));
}, 120_000);
