import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutRunKey } from "../../../core/ledger";
import { rows } from "../../db/rows";
import { seedDatabase } from "../../seed/seed";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createUser } from "../../test/factories";
import {
  backendOf,
  killLeftoverServers,
  killMidway,
  startServer,
  stopServer,
  until,
} from "../../test/server-process";
import { postJournal } from "../ledger/journal";

// The real server process killed with SIGKILL in the middle of a payout run, then started again,
// on PostgreSQL (PGlite cannot be shared by two processes); as server/jobs/kill-restart.test.ts.
// The test holds the row of one seller that the run's payout transaction needs half-way (the
// payout's foreign key checks its seller exists, after the row is written), waits until that
// transaction waits on the lock, kills the process and lets the orphan roll back.

let t: TestDatabase;
let url: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-payout-kill-"));
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await openTestDatabase("postgres");
  await seedDatabase(t.database.db, {});
  const [current] = await rows<{ db: string }>(t.database.db, sql`select current_database() as db`);
  const target = new URL(process.env.TEST_DATABASE_URL);
  target.pathname = `/${current?.db}`;
  url = target.toString();
});
afterAll(async () => {
  killLeftoverServers();
  await t?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a payout run when the process is killed", () => {
  // Invariant: whenever the process dies, each seller is paid at most once by the day's run, every
  // payout has its journal, and the ledger balances; after a restart, every due seller is paid
  // exactly once, for the whole of their available balance.
  it("pays each seller at most once after a kill -9 in the middle of a run and a restart", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const sellers: { id: string; cents: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const user = await createUser(db, "killpaid");
      const cents = 1000 + i * 37;
      sellers.push({ id: user.id, cents });
      await db.execute(sql`insert into payout_accounts (seller_id, provider, provider_account_id,
          status, bank_last4)
        values (${user.id}, 'sandbox', ${`acct_sbx_ok_${i.toString(16).padStart(4, "0")}`},
          'enabled', '6789')`);
      await db.transaction(async (tx) => {
        await postJournal(tx, {
          source: { kind: "test", id: user.id },
          purpose: "credit",
          occurredAt: new Date(),
          entries: [
            { account: "provider_clearing", amountCents: -cents, kind: "adjustment" },
            {
              account: "seller_available",
              sellerId: user.id,
              amountCents: cents,
              kind: "adjustment",
            },
          ],
        });
      });
    }
    // The run pays sellers in id order: hold one in the middle.
    const ordered = [...sellers].sort((a, b) => (a.id < b.id ? -1 : 1));
    const cutOff = ordered[20]?.id as string;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from users where id = $1 for update", [cutOff]);

    const ids = sellers.map((s) => s.id);
    const inIds = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const check = async () => {
      const perSeller = await rows<{ sellerId: string; n: number; journals: number }>(
        db,
        sql`select p.seller_id as "sellerId", count(*)::int as n,
              count(j.id)::int as journals
            from payouts p left join ledger_journals j
              on j.source_kind = 'payout' and j.source_id = p.id::text and j.purpose = 'sent'
            where p.seller_id in (${inIds}) group by p.seller_id`,
      );
      for (const row of perSeller) {
        expect(row.n).toBe(1);
        expect(row.journals).toBe(1);
      }
      const [ledger] = await rows<{ total: string; unbalanced: number }>(
        db,
        sql`select coalesce(sum(amount_cents), 0)::text as total,
              (select count(*)::int from (select journal_id from ledger_entries group by journal_id
                 having sum(amount_cents) <> 0) j) as unbalanced
            from ledger_entries`,
      );
      expect(ledger).toEqual({ total: "0", unbalanced: 0 });
      return perSeller.length;
    };

    const waiting = () => backendOf(db, "%insert into payouts%", { waiting: true });
    const first = await startServer({ databaseUrl: url, dataDir });
    await until(
      "a payout transaction to wait mid-way",
      async () => (await waiting()) !== undefined,
      first,
    );
    await killMidway(db, first, await waiting(), holder);
    // The dead process still holds the run's lease: no other instance may run until it expires.
    const [lease] = await rows<{ live: boolean }>(
      db,
      sql`select expires_at > now() as live from job_leases where name = 'payouts'`,
    );
    expect(lease?.live).toBe(true);
    const paidBefore = await check();
    // The cut-off seller's payout was rolled back with its transaction.
    expect(await rows(db, sql`select 1 from payouts where seller_id = ${cutOff}`)).toEqual([]);
    expect(paidBefore).toBeLessThan(sellers.length);

    // Two minutes on, it has run out (standing in for the wait, which payouts.test.ts covers).
    await db.execute(sql`update job_leases set expires_at = now() where name = 'payouts'`);
    const second = await startServer({ databaseUrl: url, dataDir });
    await until(
      "every seller to be paid after the restart",
      async () => {
        const [n] = await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from payouts
              where seller_id in (${inIds}) and status = 'in_transit'`,
        );
        return n?.n === sellers.length;
      },
      second,
    );
    await stopServer(second);
    expect(await check()).toBe(sellers.length);
    const paid = await rows<{ sellerId: string; amountCents: number; runKey: string }>(
      db,
      sql`select seller_id as "sellerId", amount_cents as "amountCents", run_key as "runKey"
          from payouts where seller_id in (${inIds})`,
    );
    for (const s of sellers) {
      const mine = paid.filter((p) => p.sellerId === s.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.amountCents).toBe(s.cents);
      expect(mine[0]?.runKey).toBe(payoutRunKey(new Date()));
    }
    const [left] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select seller_id from ledger_entries
            where account = 'seller_available' and seller_id in (${inIds})
            group by seller_id having sum(amount_cents) <> 0) s`,
    );
    expect(left?.n).toBe(0);
  });
});
