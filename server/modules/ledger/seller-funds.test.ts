import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { finalValueFeeCents, INSERTION_FEE_CENTS } from "../../../core/fees";
import { settableClock } from "../../clock";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { recordRefund, sendPendingRefunds } from "../cancellations/refunds.service";
import { postJournal, sellerBalances } from "./journal";
import { refundShares, releaseDueFunds } from "./seller-funds";

const DAY = 24 * 60 * 60 * 1000;
const clock = settableClock();
const t = setUpTestApp({ clock });
let buyer: Agent;
let sellerA: { id: string; username: string };
let sellerB: { id: string; username: string };
let shopA: Agent;

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "K Brown" };

beforeAll(async () => {
  const db = t.database.db;
  sellerA = await createUser(db, "fundsa");
  sellerB = await createUser(db, "fundsb");
  shopA = await signedInAgent(t.app, db, sellerA.id);
  buyer = await signedInAgent(t.app, db, (await createUser(db, "fundsbuyer")).id);
});

const db = () => t.database.db;

async function listing(sellerId: string, priceCents: number, shippingCents = 500) {
  return createListing(db(), {
    sellerId,
    title: `Conch shell ${Math.random().toString(36).slice(2, 7)}`,
    priceCents,
    shippingCents,
    quantity: 10,
  });
}

async function buyAndPay(lines: { listingId: string; quantity: number }[]) {
  const res = await buyer.post("/api/checkout", { lines });
  expect(res.statusCode, res.body).toBe(201);
  const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
  const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  return res.json().orderId as string;
}

/** Each account's balance on one order's journals. */
async function orderAccounts(orderId: string) {
  const found = await rows<{ account: string; sellerId: string | null; total: string }>(
    db(),
    sql`select e.account, e.seller_id as "sellerId", sum(e.amount_cents) as total
        from ledger_entries e join ledger_journals j on j.id = e.journal_id
        where j.order_id = ${orderId} group by 1, 2`,
  );
  const by = new Map<string, number>();
  for (const r of found)
    by.set(r.sellerId ? `${r.account}:${r.sellerId}` : r.account, Number(r.total));
  return (key: string) => by.get(key) ?? 0;
}

async function unbalancedJournals() {
  return rows<{ id: string }>(
    db(),
    sql`select journal_id as id from ledger_entries group by journal_id having sum(amount_cents) <> 0`,
  );
}

describe("a paid order", () => {
  it("credits each seller's pending balance with their part less its final value fee", async () => {
    const a = await listing(sellerA.id, 4500, 0);
    const b = await listing(sellerB.id, 52000, 1000);
    const orderId = await buyAndPay([
      { listingId: a.id, quantity: 1 },
      { listingId: b.id, quantity: 1 },
    ]);
    const [order] = await rows<{ totalCents: number; taxCents: number }>(
      db(),
      sql`select total_cents as "totalCents", tax_cents as "taxCents" from orders where id = ${orderId}`,
    );
    const account = await orderAccounts(orderId);
    // The spec's examples: 10% on $45, 7% on $530 (item plus shipping).
    expect(finalValueFeeCents(4500)).toBe(450);
    expect(account(`seller_pending:${sellerA.id}`)).toBe(4500 - 450);
    expect(account(`seller_pending:${sellerB.id}`)).toBe(53000 - finalValueFeeCents(53000));
    expect(account("fee_revenue_final_value")).toBe(450 + finalValueFeeCents(53000));
    expect(account("tax_payable")).toBe(order?.taxCents);
    expect(account("provider_clearing")).toBe(-(order?.totalCents ?? 0));
    expect(await unbalancedJournals()).toEqual([]);

    const [sale] = await rows<{ feeCents: number; releaseAt: Date | null }>(
      db(),
      sql`select fee_cents as "feeCents", release_at as "releaseAt" from seller_sales
          where order_id = ${orderId} and seller_id = ${sellerA.id}`,
    );
    expect(sale).toEqual({ feeCents: 450, releaseAt: null });
  });

  it("becomes available 14 days after a new seller ships it with tracking, not before", async () => {
    const a = await listing(sellerA.id, 2000, 500);
    const orderId = await buyAndPay([{ listingId: a.id, quantity: 2 }]);
    const net = 4500 - finalValueFeeCents(4500);
    const before = await sellerBalances(db(), sellerA.id);
    const shipped = await shopA.post(`/api/orders/${orderId}/shipments`, {
      carrier: "dhl",
      trackingNumber: "JD014600006281",
    });
    expect(shipped.statusCode, shipped.body).toBe(201);

    clock.advance(13 * DAY);
    await releaseDueFunds(db(), clock.now());
    expect((await sellerBalances(db(), sellerA.id)).seller_available).toBe(before.seller_available);

    clock.advance(DAY + 60_000);
    expect(await releaseDueFunds(db(), clock.now())).toBeGreaterThanOrEqual(1);
    const after = await sellerBalances(db(), sellerA.id);
    expect(after.seller_available - before.seller_available).toBe(net);
    expect(before.seller_pending - after.seller_pending).toBe(net);
    // The release is once: running again moves nothing.
    await releaseDueFunds(db(), clock.now());
    expect(await sellerBalances(db(), sellerA.id)).toEqual(after);
    expect(await unbalancedJournals()).toEqual([]);
  });
});

describe("a refund", () => {
  it("of an unshipped part comes from that part's pending money, with the fee and tax given back", async () => {
    const b = await listing(sellerB.id, 3000, 500);
    const orderId = await buyAndPay([{ listingId: b.id, quantity: 1 }]);
    const [order] = await rows<{ totalCents: number }>(
      db(),
      sql`select total_cents as "totalCents" from orders where id = ${orderId}`,
    );
    const total = order?.totalCents ?? 0;
    const before = await sellerBalances(db(), sellerB.id);
    await db().transaction(async (tx) => {
      await recordRefund(tx, {
        orderId,
        sellerId: sellerB.id,
        amountCents: total,
        reason: "cancelled",
        provider: "sandbox",
        now: clock.now(),
      });
    });
    const account = await orderAccounts(orderId);
    expect(account(`seller_pending:${sellerB.id}`)).toBe(0);
    expect(account(`seller_available:${sellerB.id}`)).toBe(0);
    expect(account("fee_revenue_final_value")).toBe(0);
    expect(account("tax_payable")).toBe(0);
    expect(account("refunds_payable")).toBe(total);
    expect((await sellerBalances(db(), sellerB.id)).seller_available).toBe(before.seller_available);

    await sendPendingRefunds({ db: db(), provider: t.app.payments, clock });
    const sent = await orderAccounts(orderId);
    expect(sent("refunds_payable")).toBe(0);
    expect(sent("provider_clearing")).toBe(0);
    expect(await unbalancedJournals()).toEqual([]);
  });

  it("after the money was released takes it from available, which may go negative", async () => {
    const seller = await createUser(db(), "fundsc");
    const shop = await signedInAgent(t.app, db(), seller.id);
    const l = await listing(seller.id, 10000, 0);
    const orderId = await buyAndPay([{ listingId: l.id, quantity: 1 }]);
    await shop.post(`/api/orders/${orderId}/shipments`, {
      carrier: "dhl",
      trackingNumber: "1Z999",
    });
    clock.advance(15 * DAY);
    await releaseDueFunds(db(), clock.now());
    const net = 10000 - finalValueFeeCents(10000);
    expect((await sellerBalances(db(), seller.id)).seller_available).toBe(net);

    // Paid out (as the payout run posts it): the available money goes to a payout in transit.
    // A refund then leaves the seller owing it, less the share of the fee returned.
    await db().transaction((tx) =>
      postJournal(tx, {
        source: { kind: "payout", id: orderId },
        purpose: "sent",
        occurredAt: clock.now(),
        entries: [
          { account: "seller_available", sellerId: seller.id, amountCents: -net, kind: "payout" },
          { account: "payouts_in_transit", amountCents: net, kind: "payout" },
        ],
      }),
    );
    await db().transaction(async (tx) => {
      await recordRefund(tx, {
        orderId,
        sellerId: null,
        amountCents: 5000,
        reason: "Arrived damaged",
        provider: "sandbox",
        now: clock.now(),
      });
    });
    const balances = await sellerBalances(db(), seller.id);
    // $50 of the $110 paid ($100 and $10 tax) comes back: $4.55 of it tax, $45.45 the sale, of
    // which the seller gives back all but the $4.55 share of the $10 fee returned.
    expect(balances.seller_available).toBe(-(4545 - 455));
    expect(balances.seller_pending).toBe(0);
    expect(await unbalancedJournals()).toEqual([]);
  });
});

describe("refundShares", () => {
  it("takes a part's refund from its part, and a whole-order refund by what is left of each", () => {
    expect(refundShares(500, [1000, 2000], 0)).toEqual([500, 0]);
    expect(refundShares(900, [300, 600], null)).toEqual([300, 600]);
    // Part A was refunded in full before: the rest of the order comes from B alone.
    expect(refundShares(675, [0, 675], null)).toEqual([0, 675]);
    // A part's refund asking more than is left of it (a whole-order refund took some): the rest
    // comes from the other parts.
    expect(refundShares(1000, [400, 600], 0)).toEqual([400, 600]);
    expect(() => refundShares(1001, [400, 600], 0)).toThrow(/more than is left/);
  });
});

describe("the insertion fee", () => {
  it("is charged from the fourth listing of the month, once per listing", async () => {
    const seller = await createUser(db(), "fundsd");
    const shop = await signedInAgent(t.app, db(), seller.id);
    const [territory] = await rows<{ id: string }>(db(), sql`select id from territories limit 1`);
    const available = async () => (await sellerBalances(db(), seller.id)).seller_available;
    const list = async () => {
      const res = await shop.post("/api/listings", {
        kind: "fixed_price",
        title: "Hand-woven straw basket",
        category: "home",
        territory: territory?.id,
        condition: "new",
        description: "Woven in Saint Lucia from local straw.",
        priceCents: 4500,
        quantity: 1,
        shippingCents: 0,
        returnPolicyDays: 30,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    for (let i = 0; i < 3; i++) await list();
    expect(await available()).toBe(0);
    await list();
    expect(await available()).toBe(-INSERTION_FEE_CENTS);
    await list();
    expect(await available()).toBe(-2 * INSERTION_FEE_CENTS);
  });
});

/** The database's own message for a statement, or null when it ran. */
async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}

describe("the ledger itself", () => {
  it("refuses changes to what was posted", async () => {
    for (const statement of [
      sql`update ledger_entries set amount_cents = amount_cents + 1`,
      sql`delete from ledger_entries`,
      sql`update ledger_journals set memo = 'rewritten'`,
      sql`delete from ledger_journals`,
      sql`truncate ledger_entries`,
    ])
      expect(await refusal(() => db().execute(statement))).toBe(
        "the ledger cannot be changed; post a correcting journal",
      );
  });

  it("refuses, at commit, a journal whose entries do not sum to zero", async () => {
    const message = await refusal(() =>
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_journals (source_kind, source_id, purpose, occurred_at)
          values ('test', 'unbalanced', 'x', now())`);
        await tx.execute(sql`insert into ledger_entries (journal_id, account, amount_cents, kind, occurred_at)
          select id, 'provider_clearing', 100, 'adjustment', now() from ledger_journals
          where source_kind = 'test' and source_id = 'unbalanced'`);
      }),
    );
    expect(message).toMatch(/^ledger journal .* does not balance: 100 USD left over$/);
    const [left] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_journals where source_id = 'unbalanced'`,
    );
    expect(left?.n).toBe(0);
  });

  it("refuses an unbalanced journal before writing it", async () => {
    await expect(
      db().transaction((tx) =>
        postJournal(tx, {
          source: { kind: "test", id: "off" },
          purpose: "x",
          occurredAt: clock.now(),
          entries: [{ account: "provider_clearing", amountCents: 5, kind: "adjustment" }],
        }),
      ),
    ).rejects.toThrow("ledger journal x of off is off by 5");
  });
});
