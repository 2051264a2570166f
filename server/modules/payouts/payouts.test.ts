import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { settableClock } from "../../clock";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { postJournal, sellerBalances } from "../ledger/journal";
import { postRefundRecorded, releaseDueFunds } from "../ledger/seller-funds";
import type { PayoutProvider } from "../payment-providers/payout-provider";
import { sandboxPayouts } from "../payment-providers/sandbox-payouts";
import { PAYOUT_LEASE, runPayouts, takeLease } from "./payout-runs";

// A Tuesday, a few minutes after midnight UTC: every test's runs start from a day of its own.
const START = new Date("2026-12-01T00:05:00Z");
const DAY = 24 * 60 * 60 * 1000;
const clock = settableClock(START);
const t = setUpTestApp({ clock });
const provider = sandboxPayouts();
let dayCounter = 0;
/** A fresh run day for each test, so that one test's payouts never count in another's run. */
const freshDay = () => {
  dayCounter += 7;
  return new Date(START.getTime() + dayCounter * DAY);
};

const GOOD = {
  holderName: "Kemar Brown",
  bankName: "Republic Bank",
  accountNumber: "000123456789",
  routingNumber: "110000000",
};
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "K Brown" };

let admin: Agent;

beforeAll(async () => {
  const db = t.database.db;
  const staff = await createUser(db, "banker");
  await db.execute(sql`update users set staff_role = 'admin' where id = ${staff.id}`);
  admin = await signedInAgent(t.app, db, staff.id);
});

async function seller(name = "payee") {
  const user = await createUser(t.database.db, name);
  return { ...user, agent: await signedInAgent(t.app, t.database.db, user.id) };
}

async function onboard(agent: Agent, accountNumber = GOOD.accountNumber) {
  const res = await agent.post("/api/my/payments/onboarding", { ...GOOD, accountNumber });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Money made available to the seller directly (as a released sale would be). */
async function credit(sellerId: string, cents: number) {
  await t.database.db.transaction(async (tx) => {
    await postJournal(tx, {
      source: { kind: "test", id: crypto.randomUUID() },
      purpose: "credit",
      occurredAt: START,
      entries: [
        { account: "provider_clearing", amountCents: -cents, kind: "adjustment" },
        { account: "seller_available", sellerId, amountCents: cents, kind: "adjustment" },
      ],
    });
  });
}

const payoutsOf = (sellerId: string) =>
  rows<{
    id: string;
    status: string;
    amount_cents: number;
    run_key: string;
    failure_reason: string | null;
  }>(
    t.database.db,
    sql`select id, status, amount_cents, run_key, failure_reason from payouts
        where seller_id = ${sellerId} order by created_at`,
  );

const noticesOf = (userId: string, kind: string) =>
  rows<{ message: string; link: string }>(
    t.database.db,
    sql`select message, link from notifications where user_id = ${userId} and kind = ${kind}`,
  );

async function ledgerBalances() {
  const [sums] = await rows<{ total: string; unbalanced: number }>(
    t.database.db,
    sql`select coalesce(sum(amount_cents), 0) as total,
          (select count(*)::int from (select journal_id from ledger_entries group by journal_id
             having sum(amount_cents) <> 0) j) as unbalanced
        from ledger_entries`,
  );
  expect(Number(sums?.total)).toBe(0);
  expect(sums?.unbalanced).toBe(0);
}

const run = (now: Date, p: PayoutProvider = provider) =>
  runPayouts({ db: t.database.db, provider: p, now });

describe("onboarding and settings (/api/my/payments/onboarding, /settings)", () => {
  it("keeps only the last 4 digits, is enabled at once, and refuses bad details with 400", async () => {
    const s = await seller();
    const before = (await s.agent.get("/api/my/payments/settings")).json();
    expect(before).toMatchObject({
      provider: "sandbox",
      onboarding: "not_started",
      schedule: "daily",
      minimumCents: 100,
    });
    const bad = await s.agent.post("/api/my/payments/onboarding", { ...GOOD, routingNumber: "12" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Enter the 9-digit routing number");
    expect((await s.agent.post("/api/my/payments/onboarding", {})).statusCode).toBe(400);

    expect(await onboard(s.agent)).toEqual({ redirectUrl: "/my/payments", onboarding: "enabled" });
    const after = (await s.agent.get("/api/my/payments/settings")).json();
    expect(after).toMatchObject({
      onboarding: "enabled",
      holderName: "Kemar Brown",
      bankName: "Republic Bank",
      bankLast4: "6789",
    });
    const [stored] = await rows<Record<string, unknown>>(
      t.database.db,
      sql`select * from payout_accounts where seller_id = ${s.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain("000123456789");
    expect(JSON.stringify(stored)).not.toContain("110000000");
  });

  it("sets the schedule and minimum for the seller's own account only", async () => {
    const a = await seller();
    const b = await seller();
    const res = await a.agent.put("/api/my/payments/settings", {
      schedule: "weekly",
      weeklyDay: 5,
      minimumCents: 2500,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ schedule: "weekly", weeklyDay: 5, minimumCents: 2500 });
    expect((await b.agent.get("/api/my/payments/settings")).json()).toMatchObject({
      schedule: "daily",
      minimumCents: 100,
    });
    const low = await a.agent.put("/api/my/payments/settings", {
      schedule: "daily",
      minimumCents: 50,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toContain("at least $1.00");
    const anon = await t.app.inject({ method: "GET", url: "/api/my/payments/settings" });
    expect(anon.statusCode).toBe(401);
  });
});

describe("a payout run", () => {
  it("pays each due seller once: a second run the same day pays nothing", async () => {
    const day = freshDay();
    const a = await seller();
    const b = await seller();
    await onboard(a.agent);
    await onboard(b.agent);
    await credit(a.id, 5000);
    await credit(b.id, 1234);
    const first = await run(day);
    expect(first.ran).toBe(true);
    expect(first.sent).toBeGreaterThanOrEqual(2);
    for (const [s, cents] of [
      [a, 5000],
      [b, 1234],
    ] as const) {
      const list = await payoutsOf(s.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ status: "in_transit", amount_cents: cents });
      expect((await sellerBalances(t.database.db, s.id)).seller_available).toBe(0);
      const [notice] = await noticesOf(s.id, "payout_sent");
      expect(notice?.link).toBe("/my/payments");
      expect(notice?.message).toContain("ending 6789");
    }
    // More money arrives the same day: it waits for tomorrow's run.
    await credit(a.id, 700);
    await run(new Date(day.getTime() + 60_000));
    expect(await payoutsOf(a.id)).toHaveLength(1);
    // The next day: the money is paid, and the first payout has arrived.
    await run(new Date(day.getTime() + 2 * DAY));
    const later = await payoutsOf(a.id);
    expect(later.map((p) => [p.status, p.amount_cents])).toEqual([
      ["paid", 5000],
      ["in_transit", 700],
    ]);
    await ledgerBalances();
  });

  it("pays nothing below the minimum, before onboarding, while held, or on another weekday", async () => {
    const day = freshDay(); // a Tuesday
    const low = await seller();
    await onboard(low.agent);
    await low.agent.put("/api/my/payments/settings", { schedule: "daily", minimumCents: 5000 });
    await credit(low.id, 4999);
    const waiting = await seller();
    await credit(waiting.id, 5000);
    const held = await seller();
    await onboard(held.agent);
    await credit(held.id, 5000);
    const hold = await admin.request("POST", `/api/admin/money/sellers/${held.id}/hold`, {
      reason: "Chargeback under review",
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const weekly = await seller();
    await onboard(weekly.agent);
    await weekly.agent.put("/api/my/payments/settings", {
      schedule: "weekly",
      weeklyDay: 5,
      minimumCents: 100,
    });
    await credit(weekly.id, 5000);

    await run(day);
    for (const s of [low, waiting, held, weekly]) expect(await payoutsOf(s.id)).toHaveLength(0);
    // Friday: the weekly seller is paid.
    await run(new Date(day.getTime() + 3 * DAY));
    expect(await payoutsOf(weekly.id)).toHaveLength(1);
    expect(await payoutsOf(held.id)).toHaveLength(0);
    await ledgerBalances();
  });

  it("a failed payout returns the money to available and tells the seller why", async () => {
    const day = freshDay();
    const s = await seller();
    await onboard(s.agent, "000111111116");
    await credit(s.id, 3000);
    await run(day);
    expect((await payoutsOf(s.id))[0]?.status).toBe("in_transit");
    // Not yet arrived a day later; two days on, the bank refuses it.
    await run(new Date(day.getTime() + DAY - 10 * 60_000));
    expect((await payoutsOf(s.id))[0]?.status).toBe("in_transit");
    await run(new Date(day.getTime() + 2 * DAY));
    const [failed] = await payoutsOf(s.id);
    expect(failed).toMatchObject({
      status: "failed",
      failure_reason: "The bank account could not be found",
    });
    const balances = await sellerBalances(t.database.db, s.id);
    expect(balances.seller_available).toBe(3000);
    const [notice] = await noticesOf(s.id, "payout_failed");
    expect(notice?.message).toContain("The bank account could not be found");
    expect(notice?.message).toContain("$30.00");
    // Not sent again to the account that failed: the seller gives their bank details again.
    expect((await s.agent.get("/api/my/payments/settings")).json().onboarding).toBe("pending");
    await run(new Date(day.getTime() + 3 * DAY));
    expect(await payoutsOf(s.id)).toHaveLength(1);
    await onboard(s.agent);
    await run(new Date(day.getTime() + 4 * DAY));
    expect((await payoutsOf(s.id)).map((p) => [p.status, p.amount_cents])).toEqual([
      ["failed", 3000],
      ["in_transit", 3000],
    ]);
    await ledgerBalances();
  });

  it("sends a payout left 'sending' again with the same idempotency key, once", async () => {
    const day = freshDay();
    const s = await seller();
    await onboard(s.agent);
    await credit(s.id, 2000);
    const keys: string[] = [];
    let failNext = true;
    const flaky: PayoutProvider = {
      ...provider,
      async sendPayout(request) {
        keys.push(request.idempotencyKey);
        if (failNext) {
          failNext = false;
          throw new Error("connection reset");
        }
        return provider.sendPayout(request);
      },
    };
    await run(day, flaky);
    const [stuck] = await payoutsOf(s.id);
    expect(stuck?.status).toBe("sending");
    expect((await sellerBalances(t.database.db, s.id)).seller_available).toBe(0);
    await run(new Date(day.getTime() + 60_000), flaky);
    const list = await payoutsOf(s.id);
    expect(list).toHaveLength(1);
    expect(list[0]?.status).toBe("in_transit");
    expect(keys.filter((k) => k === stuck?.id)).toHaveLength(2);
    await ledgerBalances();
  });

  it("does nothing while another instance holds the lease", async () => {
    const day = freshDay();
    const s = await seller();
    await onboard(s.agent);
    await credit(s.id, 2000);
    expect(await takeLease(t.database.db, PAYOUT_LEASE, "other-instance", 60_000)).toBe(true);
    expect((await run(day)).ran).toBe(false);
    expect(await payoutsOf(s.id)).toHaveLength(0);
    // A dead holder's lease runs out.
    await t.database.db.execute(
      sql`update job_leases set expires_at = now() - interval '1 second' where name = ${PAYOUT_LEASE}`,
    );
    expect((await run(day)).ran).toBe(true);
    expect(await payoutsOf(s.id)).toHaveLength(1);
  });
});

describe("GET /api/my/payments/payouts", () => {
  it("lists the seller's own payouts, newest first, a page at a time", async () => {
    const day = freshDay();
    const s = await seller();
    const other = await seller();
    await onboard(s.agent);
    await onboard(other.agent);
    await credit(s.id, 1000);
    await credit(other.id, 999);
    await run(day);
    await credit(s.id, 2000);
    await run(new Date(day.getTime() + DAY));
    const page = (await s.agent.get("/api/my/payments/payouts?pageSize=1")).json();
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ amountCents: 2000, bankLast4: "6789", currency: "USD" });
    const second = (await s.agent.get("/api/my/payments/payouts?pageSize=1&page=2")).json();
    expect(second.items[0].amountCents).toBe(1000);
    const theirs = (await other.agent.get("/api/my/payments/payouts")).json();
    expect(theirs.items.map((p: { amountCents: number }) => p.amountCents)).toEqual([999]);
    expect((await s.agent.get("/api/my/payments/payouts?page=0")).statusCode).toBe(400);
  });
});

describe("admin holds (/api/admin/money/sellers/{id}/hold)", () => {
  it("is staff only: 404 to sellers, with the seller's own payouts untouched", async () => {
    const s = await seller();
    const res = await s.agent.request("POST", `/api/admin/money/sellers/${s.id}/hold`, {
      reason: "Mine",
    });
    expect(res.statusCode).toBe(404);
  });

  it("moves available money on hold, audits and tells the seller; release moves it back", async () => {
    const s = await seller();
    await onboard(s.agent);
    await credit(s.id, 4200);
    const short = await admin.request("POST", `/api/admin/money/sellers/${s.id}/hold`, {
      reason: "x",
    });
    expect(short.statusCode).toBe(400);
    const held = await admin.request("POST", `/api/admin/money/sellers/${s.id}/hold`, {
      reason: "Chargeback under review",
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ held: true, onHoldCents: 4200, availableCents: 0 });
    const again = await admin.request("POST", `/api/admin/money/sellers/${s.id}/hold`, {
      reason: "Chargeback under review",
    });
    expect(again.statusCode).toBe(409);
    const [notice] = await noticesOf(s.id, "payouts_on_hold");
    expect(notice?.message).toContain("Chargeback under review");
    const audit = await rows<{ action: string }>(
      t.database.db,
      sql`select action from admin_actions where subject_id = ${s.id} order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(["payouts.hold"]);

    const released = await admin.request("DELETE", `/api/admin/money/sellers/${s.id}/hold`, {
      reason: "Resolved in the seller's favour",
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ held: false, onHoldCents: 0, availableCents: 4200 });
    const unknown = "6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f";
    const missing = await admin.request("POST", `/api/admin/money/sellers/${unknown}/hold`, {
      reason: "Nobody",
    });
    expect(missing.statusCode).toBe(404);
    await ledgerBalances();
  });
});

describe("onboarding_needed", () => {
  it("is sent once, on the first paid sale of a seller who has not onboarded", async () => {
    const s = await seller("newshop");
    const onboarded = await seller("readyshop");
    await onboard(onboarded.agent);
    const buyer = await signedInAgent(
      t.app,
      t.database.db,
      (await createUser(t.database.db, "buyer")).id,
    );
    const buy = async (sellerId: string) => {
      const listing = await createListing(t.database.db, {
        sellerId,
        priceCents: 2000,
        shippingCents: 500,
        quantity: 5,
      });
      const res = await buyer.post("/api/checkout", {
        lines: [{ listingId: listing.id, quantity: 1 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
      const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
      expect(paid.statusCode, paid.body).toBe(200);
    };
    await buy(s.id);
    await buy(s.id);
    await buy(onboarded.id);
    const notices = await noticesOf(s.id, "onboarding_needed");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.link).toBe("/my/payments");
    expect(await noticesOf(onboarded.id, "onboarding_needed")).toHaveLength(0);
    // The sale's money is in pending; releasing it waits for a release date, payouts for onboarding.
    expect((await sellerBalances(t.database.db, s.id)).seller_pending).toBeGreaterThan(0);
    await releaseDueFunds(t.database.db, clock.now());
  });
});

describe("a refund and a payout of one seller at once", () => {
  // Invariant: whichever takes the seller's money lock first, no money is made or lost: what was
  // paid out, plus what is left (available, pending), equals the sales less fees less what the
  // refunds took from the seller; every journal sums to zero.
  it("creates and loses no money", async () => {
    const day = freshDay();
    const buyer = await signedInAgent(
      t.app,
      t.database.db,
      (await createUser(t.database.db, "refundee")).id,
    );
    const sellers = [];
    for (let i = 0; i < 4; i++) {
      const s = await seller("racer");
      await onboard(s.agent);
      const listing = await createListing(t.database.db, {
        sellerId: s.id,
        priceCents: 4000,
        shippingCents: 500,
        quantity: 5,
      });
      const res = await buyer.post("/api/checkout", {
        lines: [{ listingId: listing.id, quantity: 1 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
      const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
      expect(paid.statusCode, paid.body).toBe(200);
      sellers.push({ ...s, orderId: res.json().orderId as string });
    }
    const ids = sellers.map((s) => s.id);
    await t.database.db.execute(sql`update seller_sales set release_at = ${START.toISOString()}
      where seller_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    await releaseDueFunds(t.database.db, day);
    const net = new Map<string, number>();
    for (const s of sellers)
      net.set(s.id, (await sellerBalances(t.database.db, s.id)).seller_available);
    expect([...net.values()].every((v) => v > 0)).toBe(true);

    // Refunds of 1,500 each, racing the run.
    await Promise.all([
      run(day),
      ...sellers.map((s) =>
        t.database.db.transaction((tx) =>
          postRefundRecorded(
            tx,
            { id: crypto.randomUUID(), orderId: s.orderId, sellerId: s.id, amountCents: 1500 },
            day,
          ),
        ),
      ),
    ]);
    for (const s of sellers) {
      const [taken] = await rows<{ total: string }>(
        t.database.db,
        sql`select coalesce(sum(e.amount_cents), 0)::text as total from ledger_entries e
            join ledger_journals j on j.id = e.journal_id
            where j.source_kind = 'refund' and e.seller_id = ${s.id}`,
      );
      const paidOut = (await payoutsOf(s.id)).reduce((sum, p) => sum + p.amount_cents, 0);
      const b = await sellerBalances(t.database.db, s.id);
      expect(paidOut + b.seller_available + b.seller_pending + b.seller_on_hold).toBe(
        (net.get(s.id) ?? 0) + Number(taken?.total),
      );
      expect(Number(taken?.total)).toBeLessThan(0);
      // Paid at most once, and never more than was available when it was paid.
      expect((await payoutsOf(s.id)).length).toBeLessThanOrEqual(1);
      expect(paidOut).toBeLessThanOrEqual(net.get(s.id) ?? 0);
    }
    await ledgerBalances();
  });
});
