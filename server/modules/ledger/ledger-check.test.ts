import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { seedDatabase } from "../../seed/seed";
import { DEMO_SELLER_NOT_ONBOARDED } from "../../seed/seed-ledger";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { checkLedger, describeBreaks, type LedgerBreak } from "./ledger-check";

// The check runs on the demo data (seeded through the money rules, server/seed/seed-ledger.ts),
// which must reconcile; then each kind of break is written into it inside a transaction that is
// rolled back, and the check run in that transaction must find it. Rolling back keeps one clean
// database for every case, and lets a case write what the database refuses at commit (an
// unbalanced journal: the deferred trigger has not run yet) or drop a check constraint for the
// duration (DDL is transactional in PostgreSQL), without disabling anything outside the case.

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
  await seedDatabase(db, {});
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

class RolledBack extends Error {}

/** Runs `breakIt` and the check in one transaction, rolls it back, and answers the kinds found. */
async function breaksAfter(breakIt: (tx: Db) => Promise<void>): Promise<string[]> {
  let found: LedgerBreak[] = [];
  await db
    .transaction(async (tx) => {
      await breakIt(tx);
      found = await checkLedger(tx);
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return [...new Set(found.map((b) => b.kind))].sort();
}

async function one<T>(tx: Db, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(tx, query);
  if (!row) throw new Error("the demo data lacks a row this case needs");
  return row;
}

/** A journal with the given entries, as postJournal would write it (without its balance check). */
async function rawJournal(
  tx: Db,
  entries: { account: string; sellerId?: string | null; amountCents: number }[],
): Promise<string> {
  const journal = await one<{ id: string }>(
    tx,
    sql`insert into ledger_journals (source_kind, source_id, purpose, occurred_at)
        values ('test', gen_random_uuid()::text, 'adjustment', now()) returning id`,
  );
  for (const e of entries)
    await tx.execute(sql`insert into ledger_entries (journal_id, account, seller_id, amount_cents, kind, occurred_at)
      values (${journal.id}, ${e.account}, ${e.sellerId ?? null}, ${e.amountCents}, 'adjustment', now())`);
  return journal.id;
}

async function paidOrderWithoutJournal(tx: Db, paidAt: string): Promise<string> {
  const order = await one<{ id: string }>(
    tx,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents,
          total_cents, paid_at)
        select id, 'paid', 'checkout', 1000, 0, 0, 1000, ${paidAt}::timestamptz
        from users where username = 'keisha' returning id`,
  );
  return order.id;
}

describe("the demo data", () => {
  it("reconciles", async () => {
    const started = performance.now();
    const breaks = await checkLedger(db);
    expect(describeBreaks(breaks)).toBe("");
    // A few hundred orders: one scan each, well under a second even on PGlite.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("has sellers with a history: pending, available, a paid and a failed payout, one not onboarded", async () => {
    const balances = await rows<{ account: string; sellers: number }>(
      db,
      sql`select account, count(*)::int as sellers from (
            select seller_id, account, sum(amount_cents) as total from ledger_entries
            where seller_id is not null group by seller_id, account) b
          where total > 0 group by account`,
    );
    const sellersWith = Object.fromEntries(balances.map((b) => [b.account, b.sellers]));
    expect(sellersWith.seller_pending).toBeGreaterThan(0);
    expect(sellersWith.seller_available).toBeGreaterThan(0);
    const payouts = await rows<{ status: string }>(
      db,
      sql`select status from payouts order by status`,
    );
    expect(payouts.map((p) => p.status)).toEqual(["failed", "paid"]);
    const notOnboarded = await rows<{ username: string }>(
      db,
      sql`select u.username from users u
          where exists (select 1 from seller_sales s where s.seller_id = u.id)
            and not exists (select 1 from payout_accounts a where a.seller_id = u.id)`,
    );
    expect(notOnboarded.map((u) => u.username)).toEqual([DEMO_SELLER_NOT_ONBOARDED]);
    // Fees were charged on every sale.
    const [fees] = await rows<{ total: string | number }>(
      db,
      sql`select sum(amount_cents) as total from ledger_entries where account = 'fee_revenue_final_value'`,
    );
    expect(Number(fees?.total)).toBeGreaterThan(0);
  });
});

describe("each kind of break is found", () => {
  const cases: [string, (tx: Db) => Promise<void>, string[]][] = [
    [
      "a journal that does not sum to zero",
      async (tx) => {
        await rawJournal(tx, [{ account: "provider_clearing", amountCents: -500 }]);
      },
      ["journal_unbalanced"],
    ],
    [
      "a journal with no entries",
      async (tx) => {
        await tx.execute(sql`insert into ledger_journals (source_kind, source_id, purpose, occurred_at)
          values ('test', 'empty', 'adjustment', now())`);
      },
      ["journal_empty"],
    ],
    [
      "a paid order without its sale",
      async (tx) => {
        await paidOrderWithoutJournal(tx, new Date().toISOString());
      },
      ["order_without_sale"],
    ],
    [
      "a posted sale without its release schedule",
      async (tx) => {
        await tx.execute(sql`delete from seller_sales where order_id =
          (select order_id from seller_sales where released_at is null limit 1)`);
      },
      ["sale_without_schedule"],
    ],
    [
      "a refund without its journal",
      async (tx) => {
        await tx.execute(sql`insert into refunds (order_id, amount_cents, reason, provider, status)
          select id, 100, 'test', 'sandbox', 'failed' from orders where status = 'paid' limit 1`);
      },
      // A failed refund nobody recorded in the ledger is not counted as owed either.
      ["refund_without_journal"],
    ],
    [
      "a refund whose journal owes another amount",
      async (tx) => {
        await tx.execute(sql`update refunds set amount_cents = amount_cents - 1`);
      },
      ["refund_amount"],
    ],
    [
      "a refund sent by the provider but not in the ledger (and one marked pending though sent)",
      async (tx) => {
        await tx.execute(sql`update refunds set status = 'pending'`);
      },
      ["refund_not_sent", "refunds_payable"],
    ],
    [
      "a payout without its journals",
      async (tx) => {
        await tx.execute(sql`insert into payouts (seller_id, amount_cents, status, provider, run_key, created_at)
          select id, 500, 'in_transit', 'sandbox', 'test', now() from users where username = 'marcus'`);
      },
      ["payout_without_journal", "payouts_in_transit"],
    ],
    [
      "a payout marked paid whose failure was posted",
      async (tx) => {
        await tx.execute(sql`update payouts set status = 'paid' where status = 'failed'`);
      },
      ["payout_without_journal"],
    ],
    [
      "a payout whose journals move another amount",
      async (tx) => {
        await tx.execute(
          sql`update payouts set amount_cents = amount_cents + 1 where status = 'paid'`,
        );
      },
      ["payout_amount"],
    ],
    [
      "a sale marked released with its money still pending",
      async (tx) => {
        await tx.execute(sql`update seller_sales set released_at = now()
          where (order_id, seller_id) = (select s.order_id, s.seller_id from seller_sales s
            join orders o on o.id = s.order_id where s.released_at is null and o.status = 'paid'
            limit 1)`);
      },
      ["release_without_journal"],
    ],
    [
      "a release journal on a sale not marked released",
      async (tx) => {
        await tx.execute(sql`update seller_sales set released_at = null
          where (order_id, seller_id) = (select s.order_id, s.seller_id from seller_sales s
            join ledger_journals j on j.source_kind = 'seller_sale' and j.purpose = 'release'
              and j.source_id = s.order_id || ':' || s.seller_id
            limit 1)`);
      },
      ["release_not_marked"],
    ],
    [
      "a seller's entry without a seller (its check constraint dropped for the case)",
      async (tx) => {
        await tx.execute(
          sql`alter table ledger_entries drop constraint ledger_entries_seller_check`,
        );
        await rawJournal(tx, [
          { account: "seller_available", amountCents: 300 },
          { account: "provider_clearing", amountCents: -300 },
        ]);
      },
      ["seller_entry"],
    ],
    [
      "a case its seller expedited without the fee's journal",
      async (tx) => {
        // A closed case, so no open request of the demo data stands in the way.
        await tx.execute(sql`insert into after_sale_requests (order_id, seller_id, buyer_id, kind,
            details, status, escalated_at, escalated_by, expedited, expedited_by, expedited_fee_cents)
          select o.id, ol.seller_id, o.buyer_id, 'not_received', 'Never came.', 'closed', now(),
            'buyer', true, ol.seller_id, 2500
          from orders o join order_lines ol on ol.order_id = o.id
          where o.status = 'paid' limit 1`);
      },
      ["dispute_fee"],
    ],
    [
      "an expedited dispute fee's journal without its case",
      async (tx) => {
        const seller = await one<{ id: string }>(
          tx,
          sql`select id from users where username = 'marcus'`,
        );
        await tx.execute(sql`insert into ledger_journals (id, source_kind, source_id, purpose, occurred_at)
          values ('00000000-0000-4000-8000-00000000d15e', 'after_sale_request',
                  gen_random_uuid()::text, 'expedite', now())`);
        await tx.execute(sql`insert into ledger_entries (journal_id, account, seller_id, amount_cents, kind, occurred_at)
          values ('00000000-0000-4000-8000-00000000d15e', 'seller_available', ${seller.id}, -2500, 'fee', now()),
                 ('00000000-0000-4000-8000-00000000d15e', 'fee_revenue_disputes', null, 2500, 'fee', now())`);
      },
      ["dispute_fee"],
    ],
    [
      "money in transit with no payout behind it",
      async (tx) => {
        await rawJournal(tx, [
          { account: "payouts_in_transit", amountCents: 700 },
          { account: "provider_clearing", amountCents: -700 },
        ]);
      },
      ["payouts_in_transit"],
    ],
    [
      "money owed to buyers with no refund behind it",
      async (tx) => {
        await rawJournal(tx, [
          { account: "refunds_payable", amountCents: 700 },
          { account: "provider_clearing", amountCents: -700 },
        ]);
      },
      ["refunds_payable"],
    ],
  ];
  for (const [name, breakIt, kinds] of cases) {
    it(name, async () => {
      expect(await breaksAfter(breakIt)).toEqual(kinds);
    });
  }

  it("leaves out orders paid before the ledger started, unless told to check from earlier", async () => {
    let found: LedgerBreak[] = [];
    let foundSince: LedgerBreak[] = [];
    await db
      .transaction(async (tx) => {
        const id = await paidOrderWithoutJournal(tx, "2001-01-01T00:00:00Z");
        found = await checkLedger(tx);
        foundSince = (await checkLedger(tx, { since: new Date("2000-01-01T00:00:00Z") })).filter(
          (b) => b.ref === id,
        );
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(found).toEqual([]);
    expect(foundSince.map((b) => b.kind)).toEqual(["order_without_sale"]);
  });

  it("lists the breaks readably", () => {
    const text = describeBreaks([
      { kind: "order_without_sale", ref: "o1", detail: "paid order has no sale journal" },
      { kind: "order_without_sale", ref: "o2", detail: "paid order has no sale journal" },
    ]);
    expect(text).toBe(
      "order_without_sale: 2\n  o1  paid order has no sale journal\n  o2  paid order has no sale journal",
    );
  });
});
