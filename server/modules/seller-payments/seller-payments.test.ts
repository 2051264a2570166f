import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../../core/cart";
import {
  paymentsSummarySchema,
  statementSchema,
  transactionPageSchema,
} from "../../../core/contracts/seller-payments";
import { csvField } from "../../../core/csv";
import { finalValueFeeCents } from "../../../core/fees";
import { settableClock } from "../../clock";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { postJournal, sellerBalances } from "../ledger/journal";
import {
  chargeInsertionFee,
  postOrderPaid,
  postRefundRecorded,
  releaseDueFunds,
  scheduleRelease,
} from "../ledger/seller-funds";
import { sandboxPayouts } from "../payment-providers/sandbox-payouts";
import { startOnboarding } from "../payouts/payout-accounts.service";
import { runPayouts } from "../payouts/payout-runs";
import { transactionsCsv, WAITING } from "./seller-payments.service";

const clock = settableClock(new Date("2026-03-10T12:00:00.000Z"));
const t = setUpTestApp({ clock });
const DAY = 24 * 60 * 60 * 1000;

/** A paid order of one line from `sellerId`, with its sale posted to the ledger. */
async function paidSale(
  db: Db,
  sellerId: string,
  buyerId: string,
  title: string,
  priceCents: number,
  shippingCents = 0,
) {
  const listing = await createListing(db, { sellerId, title, priceCents });
  const total = priceCents + shippingCents;
  const [order] = await rows<{ id: string }>(
    db,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents, paid_at)
        values (${buyerId}, 'paid', 'checkout', ${priceCents}, ${shippingCents}, 0, ${total}, ${clock.now().toISOString()})
        returning id`,
  );
  const orderId = order?.id as string;
  await db.execute(sql`insert into order_lines (order_id, listing_id, seller_id, title, unit_price_cents, shipping_cents, quantity)
      values (${orderId}, ${listing.id}, ${sellerId}, ${title}, ${priceCents}, ${shippingCents}, 1)`);
  await db.transaction((tx) => postOrderPaid(tx, orderId, clock.now()));
  return { orderId, listingId: listing.id };
}

describe("the seller's payments API", () => {
  let db: Db;
  let seller: { id: string };
  let other: { id: string };
  let buyer: { id: string };
  let saleA: { orderId: string };
  let saleB: { orderId: string };
  let otherSale: { orderId: string };

  beforeAll(async () => {
    db = t.database.db;
    seller = await createUser(db, "seller");
    other = await createUser(db, "other");
    buyer = await createUser(db, "buyer");
    saleA = await paidSale(db, seller.id, buyer.id, "Sea moss gel", 4500, 500);
    clock.advance(DAY);
    saleB = await paidSale(db, seller.id, buyer.id, '=HYPERLINK("http://x","Click")', 2000);
    otherSale = await paidSale(db, other.id, buyer.id, "Someone else's pepper sauce", 9900);
    // Sale A ships with tracking; 7 days on (14 for a new seller) it is released.
    await db.transaction((tx) =>
      scheduleRelease(tx, saleA.orderId, seller.id, { shippedWithTrackingAt: clock.now() }),
    );
    clock.advance(15 * DAY);
    await releaseDueFunds(db, clock.now());
    // A partial refund of sale B, while still pending.
    await db.transaction((tx) =>
      postRefundRecorded(
        tx,
        { id: crypto.randomUUID(), orderId: saleB.orderId, sellerId: seller.id, amountCents: 500 },
        clock.now(),
      ),
    );
  });

  it("answers the summary from the ledger's balances, with why the money waits", async () => {
    const agent = await signedInAgent(t.app, db, seller.id);
    const res = await agent.get("/api/my/payments/summary");
    expect(res.statusCode).toBe(200);
    const summary = paymentsSummarySchema.parse(res.json());
    const balances = await sellerBalances(db, seller.id);
    expect(summary.availableCents).toBe(balances.seller_available);
    expect(summary.pendingCents).toBe(balances.seller_pending);
    expect(summary.onHoldCents).toBe(0);
    expect(summary.availableCents).toBe(5000 - finalValueFeeCents(5000));
    expect(summary.onboarding).toBe("not_started");
    expect(summary.waitingReason).toBe(WAITING.onboarding);
    expect(summary.nextPayout).toBeNull();
  });

  it("says when the next payout is once payouts are set up, and a hold stops it", async () => {
    const s = await createUser(db, "ready");
    await paidSale(db, s.id, buyer.id, "Calabash bowl", 3000);
    const [sale] = await rows<{ orderId: string }>(
      db,
      sql`select order_id as "orderId" from seller_sales where seller_id = ${s.id}`,
    );
    await db.transaction((tx) =>
      scheduleRelease(tx, sale?.orderId as string, s.id, { deliveredAt: clock.now() }),
    );
    clock.advance(15 * DAY);
    await releaseDueFunds(db, clock.now());
    await db.execute(sql`insert into payout_accounts (seller_id, provider, status, schedule, weekly_day, minimum_cents)
        values (${s.id}, 'sandbox', 'enabled', 'weekly', 3, 100)`);
    const agent = await signedInAgent(t.app, db, s.id);
    const summary = paymentsSummarySchema.parse(
      (await agent.get("/api/my/payments/summary")).json(),
    );
    expect(summary.waitingReason).toBeNull();
    expect(summary.nextPayout?.amountCents).toBe(3000 - finalValueFeeCents(3000));
    expect(new Date(summary.nextPayout?.date ?? "").getUTCDay()).toBe(3);

    await db.execute(
      sql`update payout_accounts set minimum_cents = 100000 where seller_id = ${s.id}`,
    );
    const below = paymentsSummarySchema.parse((await agent.get("/api/my/payments/summary")).json());
    expect(below.waitingReason).toBe(WAITING.belowMinimum);
    expect(below.nextPayout).toBeNull();

    await db.execute(sql`update payout_accounts set hold_reason = 'Checking a dispute', held_at = now()
        where seller_id = ${s.id}`);
    const held = paymentsSummarySchema.parse((await agent.get("/api/my/payments/summary")).json());
    expect(held.hold?.reason).toBe("Checking a dispute");
    expect(held.waitingReason).toBe(WAITING.hold("Checking a dispute"));
  });

  it("says so when the balance is negative", async () => {
    const s = await createUser(db, "negative");
    const listing = await createListing(db, { sellerId: s.id });
    await db.execute(
      sql`insert into payout_accounts (seller_id, provider, status) values (${s.id}, 'sandbox', 'enabled')`,
    );
    await db.transaction((tx) =>
      postJournal(tx, {
        source: { kind: "test", id: listing.id },
        purpose: "adjustment",
        occurredAt: clock.now(),
        memo: "Correction",
        entries: [
          { account: "seller_available", sellerId: s.id, amountCents: -250, kind: "adjustment" },
          { account: "provider_clearing", amountCents: 250, kind: "adjustment" },
        ],
      }),
    );
    const agent = await signedInAgent(t.app, db, s.id);
    const summary = paymentsSummarySchema.parse(
      (await agent.get("/api/my/payments/summary")).json(),
    );
    expect(summary.availableCents).toBe(-250);
    expect(summary.waitingReason).toBe(WAITING.negative);
    const list = transactionPageSchema.parse(
      (await agent.get("/api/my/payments/transactions")).json(),
    );
    expect(list.items).toMatchObject([
      { kind: "adjustment", amountCents: -250, description: "Correction" },
    ]);
  });

  it("lists one line per journal, equal to the ledger, and never another seller's", async () => {
    const agent = await signedInAgent(t.app, db, seller.id);
    const res = await agent.get("/api/my/payments/transactions");
    expect(res.statusCode).toBe(200);
    const page = transactionPageSchema.parse(res.json());
    // Two sales and one refund; the release of sale A (pending to available) is not listed.
    expect(page.items.map((i) => i.kind)).toEqual(["refund", "sale", "sale"]);
    expect(page.total).toBe(3);
    const balances = await sellerBalances(db, seller.id);
    const sum = page.items.reduce((a, i) => a + i.amountCents, 0);
    expect(sum).toBe(balances.seller_available + balances.seller_pending + balances.seller_on_hold);
    const a = page.items.find((i) => i.orderId === saleA.orderId);
    expect(a).toMatchObject({
      kind: "sale",
      grossCents: 5000,
      feeCents: finalValueFeeCents(5000),
      amountCents: 5000 - finalValueFeeCents(5000),
      description: "Sale: Sea moss gel",
      orderNumber: orderNumber(saleA.orderId),
    });
    expect(page.items.some((i) => i.orderId === otherSale.orderId)).toBe(false);

    // The other seller sees only theirs.
    const them = await signedInAgent(t.app, db, other.id);
    const theirs = transactionPageSchema.parse(
      (await them.get("/api/my/payments/transactions")).json(),
    );
    expect(theirs.items.map((i) => i.orderId)).toEqual([otherSale.orderId]);
  });

  it("filters by kind and by inclusive dates", async () => {
    const agent = await signedInAgent(t.app, db, seller.id);
    const refunds = transactionPageSchema.parse(
      (await agent.get("/api/my/payments/transactions?kind=refund")).json(),
    );
    expect(refunds.items.map((i) => i.kind)).toEqual(["refund"]);
    expect(refunds.total).toBe(1);
    // Sale A was on 2026-03-10, sale B on 2026-03-11.
    const first = transactionPageSchema.parse(
      (await agent.get("/api/my/payments/transactions?from=2026-03-10&to=2026-03-10")).json(),
    );
    expect(first.items.map((i) => i.orderId)).toEqual([saleA.orderId]);
    const fromB = transactionPageSchema.parse(
      (await agent.get("/api/my/payments/transactions?kind=sale&from=2026-03-11")).json(),
    );
    expect(fromB.items.map((i) => i.orderId)).toEqual([saleB.orderId]);
  });

  it("refuses bad filters and bad months with a 400, and strangers with a 401", async () => {
    const agent = await signedInAgent(t.app, db, seller.id);
    for (const url of [
      "/api/my/payments/transactions?kind=gift",
      "/api/my/payments/transactions?from=2026-13-01",
      "/api/my/payments/transactions?page=0",
      "/api/my/payments/transactions.csv?to=yesterday",
      "/api/my/payments/statements/2026-3",
      "/api/my/payments/statements/2026-13",
      "/api/my/payments/statements/march",
    ]) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(400);
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/my/payments/summary" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("downloads the same lines as a CSV, quoted and safe from formulas", async () => {
    const agent = await signedInAgent(t.app, db, seller.id);
    const res = await agent.get("/api/my/payments/transactions.csv?kind=sale");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="[^"]+\.csv"$/);
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Type,Description,Order,Gross,Fee,Amount,Currency");
    expect(lines).toHaveLength(3);
    // The title that is a formula starts with an apostrophe, and its quotes are doubled.
    expect(res.body).toContain(`,"Sale: =HYPERLINK(""http://x"",""Click"")",`);
    expect(res.body).toContain(`,50.00,${(finalValueFeeCents(5000) / 100).toFixed(2)},`);
    expect(res.body).not.toContain("Someone else");
  });

  it("quotes CSV fields by RFC 4180 and defuses formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvField(-150)).toBe("-150");
    expect(csvField(null)).toBe("");
    const csv = transactionsCsv([
      {
        id: crypto.randomUUID(),
        kind: "fee",
        occurredAt: "2026-03-01T00:00:00.000Z",
        description: "-cmd|' /C calc'!A0",
        amountCents: -35,
        grossCents: null,
        feeCents: null,
        orderId: null,
        orderNumber: null,
      },
    ]);
    expect(csv.split("\r\n")[1]).toBe(
      "2026-03-01T00:00:00.000Z,fee,'-cmd|' /C calc'!A0,,,,-0.35,USD",
    );
  });

  it("gives a month's statement whose totals add up to its lines", async () => {
    const agent = await signedInAgent(t.app, db, seller.id);
    const res = await agent.get("/api/my/payments/statements/2026-03");
    expect(res.statusCode).toBe(200);
    const statement = statementSchema.parse(res.json());
    expect(statement.month).toBe("2026-03");
    expect(statement.transactions.map((i) => i.kind)).toEqual(["sale", "sale", "refund"]);
    expect(statement.salesCents).toBe(7000);
    expect(statement.feesCents).toBe(-(finalValueFeeCents(5000) + finalValueFeeCents(2000)));
    const sum = statement.transactions.reduce((a, i) => a + i.amountCents, 0);
    expect(
      statement.salesCents +
        statement.feesCents +
        statement.refundsCents +
        statement.payoutsCents +
        statement.adjustmentsCents,
    ).toBe(sum);
    expect(statement.openingAvailableCents).toBe(0);
    const balances = await sellerBalances(db, seller.id);
    expect(statement.closingAvailableCents).toBe(balances.seller_available);
    // The other seller's statement of the same month holds only their own sale.
    const them = await signedInAgent(t.app, db, other.id);
    const theirs = statementSchema.parse(
      (await them.get("/api/my/payments/statements/2026-03")).json(),
    );
    expect(theirs.transactions.map((i) => i.orderId)).toEqual([otherSale.orderId]);
    expect(theirs.salesCents).toBe(9900);
    // A month with nothing in it is empty, not an error.
    const empty = statementSchema.parse(
      (await agent.get("/api/my/payments/statements/2025-01")).json(),
    );
    expect(empty.transactions).toEqual([]);
    expect(empty.closingAvailableCents).toBe(0);
  });

  it("counts an insertion fee under fees", async () => {
    const s = await createUser(db, "lister");
    const agent = await signedInAgent(t.app, db, s.id);
    // Past the free listings of the month, each new listing costs its insertion fee.
    let charged = 0;
    for (let i = 0; i < 60 && charged === 0; i++) {
      const listing = await createListing(db, {
        sellerId: s.id,
        title: `Mango ${i}`,
        createdAt: clock.now(),
      });
      charged = await db.transaction((tx) =>
        chargeInsertionFee(tx, { id: listing.id, sellerId: s.id }, clock.now()),
      );
    }
    expect(charged).toBeGreaterThan(0);
    const fees = transactionPageSchema.parse(
      (await agent.get("/api/my/payments/transactions?kind=fee")).json(),
    );
    expect(fees.items).toHaveLength(1);
    expect(fees.items[0]?.amountCents).toBe(-charged);
    expect(fees.items[0]?.description).toMatch(/^Insertion fee: Mango \d+$/);
  });

  it("shows You earn on each sale in Selling, the same numbers as the transactions", async () => {
    const agent = await signedInAgent(t.app, db, seller.id);
    const res = await agent.get("/api/me/sales");
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ orderId: string; earnings: unknown }>;
    const tx = transactionPageSchema.parse(
      (await agent.get("/api/my/payments/transactions")).json(),
    );
    const b = items.find((i) => i.orderId === saleB.orderId)?.earnings as {
      saleCents: number;
      feeCents: number;
      refundedCents: number;
      feeReturnedCents: number;
      netCents: number;
    };
    const bLines = tx.items.filter((i) => i.orderId === saleB.orderId);
    expect(b.saleCents).toBe(2000);
    expect(b.feeCents).toBe(finalValueFeeCents(2000));
    expect(b.refundedCents).toBe(500);
    expect(b.feeReturnedCents).toBe(Math.round((finalValueFeeCents(2000) * 500) / 2000));
    expect(b.netCents).toBe(b.saleCents - b.feeCents - b.refundedCents + b.feeReturnedCents);
    expect(b.netCents).toBe(bLines.reduce((a, i) => a + i.amountCents, 0));
    const a = items.find((i) => i.orderId === saleA.orderId)?.earnings as { netCents: number };
    expect(a.netCents).toBe(5000 - finalValueFeeCents(5000));
  });
});

describe("payouts in the seller's transactions and statement", () => {
  it("lists the payout run's payout, and a failed one coming back, as payouts", async () => {
    const db = t.database.db;
    const seller = await createUser(db, "paidout");
    const buyer = await createUser(db, "paidbuyer");
    const sale = await paidSale(db, seller.id, buyer.id, "Calabash bowl", 6000);
    await db.transaction((tx) =>
      scheduleRelease(tx, sale.orderId, seller.id, { shippedWithTrackingAt: clock.now() }),
    );
    clock.advance(15 * DAY);
    await releaseDueFunds(db, clock.now());
    const net = 6000 - finalValueFeeCents(6000);
    // Onboarded with Stripe's test number whose payouts fail on arrival, as the payouts page does.
    const payouts = sandboxPayouts();
    await startOnboarding(
      { db, provider: payouts, now: clock.now() },
      { id: seller.id, email: "paidout@example.test" },
      {
        holderName: "Paid Out",
        bankName: "Republic Bank",
        accountNumber: "000111111116",
        routingNumber: "110000000",
      },
    );
    await runPayouts({ db, provider: payouts, now: clock.now() });
    clock.advance(3 * DAY);
    await runPayouts({ db, provider: payouts, now: clock.now() });

    const agent = await signedInAgent(t.app, db, seller.id);
    const listed = await agent.get("/api/my/payments/transactions?kind=payout");
    expect(listed.statusCode, listed.body).toBe(200);
    const lines = (listed.json() as { items: { amountCents: number; description: string }[] })
      .items;
    expect(lines.map((l) => [l.description, l.amountCents])).toEqual([
      [
        "Payout failed (The bank account could not be found): the money is back in your balance",
        net,
      ],
      ["Payout to your bank", -net],
    ]);
    const month = clock.now().toISOString().slice(0, 7);
    const statement = await agent.get(`/api/my/payments/statements/${month}`);
    expect(statement.json().adjustmentsCents).toBe(0);
  });
});
