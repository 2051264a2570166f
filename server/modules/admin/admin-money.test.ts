import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminPayoutPage, OrderLedger, Revenue } from "../../../core/contracts/admin-money";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";
import { postJournal } from "../ledger/journal";

// The admin money pages on the demo data, whose ledger the seed posts through the money rules
// (server/seed/seed-ledger.ts). Who may see them: admin-policy.test.ts.

const t = setUpTestApp();
let moderator: Agent;

beforeAll(async () => {
  const u = await createUser(t.database.db, "moderator");
  await t.database.db.execute(sql`update users set staff_role = 'moderator' where id = ${u.id}`);
  moderator = await signedInAgent(t.app, t.database.db, u.id);
});

const sum = async (query: ReturnType<typeof sql>) => {
  const [row] = await rows<{ total: string | number | null }>(t.database.db, query);
  return Number(row?.total ?? 0);
};

describe("GET /api/admin/money/revenue", () => {
  it("sums the fee revenue accounts by day, and by month", async () => {
    const byDay = await moderator.get("/api/admin/money/revenue");
    expect(byDay.statusCode, byDay.body).toBe(200);
    const revenue = byDay.json() as Revenue;
    expect(revenue.by).toBe("day");
    expect(revenue.rows.length).toBeGreaterThan(0);
    const expected = await sum(
      sql`select sum(amount_cents) as total from ledger_entries
          where account in ('fee_revenue_final_value', 'fee_revenue_insertion', 'fee_revenue_upgrades',
                            'fee_revenue_disputes')
            and occurred_at >= ${revenue.from}::date and occurred_at < ${revenue.to}::date + 1`,
    );
    expect(revenue.totals.totalCents).toBe(expected);
    expect(revenue.rows.reduce((s, r) => s + r.totalCents, 0)).toBe(expected);
    for (const r of revenue.rows) {
      expect(r.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.totalCents).toBe(
        r.finalValueCents + r.insertionCents + r.upgradesCents + r.disputesCents,
      );
    }

    const from = "2020-01-01";
    const to = new Date().toISOString().slice(0, 10);
    const byMonth = (
      await moderator.get(`/api/admin/money/revenue?by=month&from=${from}&to=${to}`)
    ).json() as Revenue;
    for (const r of byMonth.rows) expect(r.period).toMatch(/^\d{4}-\d{2}$/);
    expect(byMonth.totals.totalCents).toBe(
      await sum(
        sql`select sum(amount_cents) as total from ledger_entries
            where account in ('fee_revenue_final_value', 'fee_revenue_insertion',
              'fee_revenue_upgrades', 'fee_revenue_disputes')`,
      ),
    );
  });

  it("answers 400 with a message for a bad range", async () => {
    for (const query of [
      "from=2026-02-01&to=2026-01-01",
      "from=yesterday",
      "by=week",
      "from=2020-01-01&to=2026-01-01",
    ]) {
      const res = await moderator.get(`/api/admin/money/revenue?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBeTruthy();
    }
  });
});

describe("GET /api/admin/money/payouts", () => {
  it("lists failed payouts first, then the newest", async () => {
    const res = await moderator.get("/api/admin/money/payouts");
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as AdminPayoutPage;
    expect(page.payouts.map((p) => p.status)).toEqual(["failed", "paid"]);
    expect(page.payouts[0]?.failureReason).toBeTruthy();
    expect(page.total).toBe(2);
  });
});

describe("GET /api/admin/money/holds and /negative", () => {
  it("shows a held seller with the reason, and a seller who owes money", async () => {
    const db = t.database.db;
    const seller = await createUser(db, "owes");
    await db.transaction((tx) =>
      postJournal(tx, {
        source: { kind: "test", id: seller.id },
        purpose: "adjustment",
        occurredAt: new Date(),
        entries: [
          {
            account: "seller_available",
            sellerId: seller.id,
            amountCents: -1234,
            kind: "adjustment",
          },
          { account: "provider_clearing", amountCents: 1234, kind: "adjustment" },
        ],
      }),
    );
    await db.execute(sql`insert into payout_accounts (seller_id, provider, hold_reason, held_at)
      values (${seller.id}, 'sandbox', 'Chargebacks under review', now())`);

    const holds = (await moderator.get("/api/admin/money/holds")).json();
    expect(holds.holds).toContainEqual(
      expect.objectContaining({
        seller: { id: seller.id, username: seller.username },
        reason: "Chargebacks under review",
        availableCents: -1234,
      }),
    );
    const negative = (await moderator.get("/api/admin/money/negative")).json();
    expect(negative.sellers).toContainEqual({
      seller: { id: seller.id, username: seller.username },
      availableCents: -1234,
      pendingCents: 0,
      held: true,
    });
    for (const s of negative.sellers) expect(s.availableCents).toBeLessThan(0);
  });
});

describe("GET /api/admin/orders/{id}/ledger", () => {
  it("shows the refunded demo order's sale, refund and sent journals, each balanced", async () => {
    const [order] = await rows<{ id: string }>(
      t.database.db,
      sql`select order_id as id from refunds order by created_at limit 1`,
    );
    if (!order) throw new Error("the demo data has no refund");
    const res = await moderator.get(`/api/admin/orders/${order.id}/ledger`);
    expect(res.statusCode, res.body).toBe(200);
    const ledger = res.json() as OrderLedger;
    expect(ledger.journals.map((j) => j.purpose.replace(/:.*/, ":seller"))).toEqual([
      "sale",
      "refund:seller",
      "sent",
    ]);
    for (const j of ledger.journals)
      expect(j.entries.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    const sale = ledger.journals[0];
    expect(sale?.entries.some((e) => e.account === "seller_pending" && e.seller)).toBe(true);
  });

  it("answers 404 for an order that does not exist and 400 for a bad id", async () => {
    const missing = await moderator.get(
      "/api/admin/orders/00000000-0000-4000-8000-000000000000/ledger",
    );
    expect(missing.statusCode).toBe(404);
    expect((await moderator.get("/api/admin/orders/nope/ledger")).statusCode).toBe(400);
  });
});
