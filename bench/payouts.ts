/**
 * npm run bench:payouts — one payout run for 10,000 sellers with available balances, on PostgreSQL.
 *
 * On a fresh scratch database (migrated and seeded as `npm start` leaves one), it makes 10,000
 * sellers onboarded with the sandbox provider, each with an available balance (one journal), then
 * times one `runPayouts` with the sandbox provider, as the job runs it (its default concurrency),
 * and checks exactly one payout per seller, each for the seller's whole balance, and that the
 * ledger still sums to zero. The baseline, measured in the same run on 10,000 other sellers, is
 * the floor of any design that pays each seller in a transaction of its own: one transaction per
 * seller inserting their payouts row, nothing else, through a pg pool at the same concurrency.
 *
 * BENCH_DATABASE_URL names the server (see harness.ts); BENCH_SELLERS and BENCH_CONCURRENCY override
 * 10,000 and 8.
 */

import { sql } from "drizzle-orm";
import { payoutRunKey } from "../core/ledger";
import { rows } from "../server/db/rows";
import { checkLedger, describeBreaks } from "../server/modules/ledger/ledger-check";
import { sandboxPayouts } from "../server/modules/payment-providers/sandbox-payouts";
import { runPayouts } from "../server/modules/payouts/payout-runs";
import * as harness from "./harness";

const SELLERS = Number(process.env.BENCH_SELLERS ?? 10_000);
/** The run's concurrency, as runPayouts uses by default (BENCH_CONCURRENCY overrides 8). */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const NOW = new Date("2026-12-01T00:05:00Z");

async function main() {
  const scratch = await harness.createScratchDatabase("tw_bench_payouts_", CONCURRENCY + 1);
  await harness.withCleanUp(
    () => scratch.drop(),
    async () => {
      await scratch.prepare();
      const db = scratch.database.db;
      console.log(
        `bench:payouts — PostgreSQL via ${harness.serverVia()}, ${SELLERS.toLocaleString("en-US")} sellers, sandbox provider`,
      );
      const setupStart = performance.now();
      // Two groups of sellers: "bp" paid by the run, "bb" by the baseline.
      for (const group of ["bp", "bb"]) {
        await db.execute(sql`
          insert into users (email, username, full_name, email_confirmed_at)
          select ${group} || i || '@bench.example', ${group} || i, 'Bench seller ' || i, now()
          from generate_series(1, ${SELLERS}) i`);
      }
      await db.execute(sql`
        insert into payout_accounts (seller_id, provider, provider_account_id, status, holder_name,
          bank_name, bank_last4)
        select id, 'sandbox', 'acct_sbx_ok_' || substr(md5(id::text), 1, 16), 'enabled',
          full_name, 'Bench Bank', '6789'
        from users where username like 'bp%'`);
      // Each seller's balance: one journal of 10,001 entries, as released sales would leave them.
      await db.transaction(async (tx) => {
        const [journal] = await rows<{ id: string }>(
          tx,
          sql`insert into ledger_journals (source_kind, source_id, purpose, occurred_at)
              values ('bench', 'setup', 'credit', ${NOW.toISOString()}) returning id`,
        );
        await tx.execute(sql`
          insert into ledger_entries (journal_id, account, seller_id, amount_cents, kind, occurred_at)
          select ${journal?.id}, 'seller_available', id, 1000 + (abs(hashtext(id::text)) % 90000),
            'adjustment', ${NOW.toISOString()}
          from users where username like 'bp%'`);
        await tx.execute(sql`
          insert into ledger_entries (journal_id, account, amount_cents, kind, occurred_at)
          select ${journal?.id}, 'provider_clearing', -sum(amount_cents), 'adjustment',
            ${NOW.toISOString()}
          from ledger_entries where journal_id = ${journal?.id}`);
      });
      await db.execute(sql`analyze`);
      console.log(`setup: ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

      const runStart = performance.now();
      const result = await runPayouts({
        db,
        provider: sandboxPayouts(),
        now: NOW,
        concurrency: CONCURRENCY,
      });
      const runSeconds = (performance.now() - runStart) / 1000;
      // What CI and an operator run on the result, timed: the whole reconciliation, before the
      // baseline's bare payout rows (which have no journals) are written.
      const checkStart = performance.now();
      const breaks = await checkLedger(db);
      const checkSeconds = (performance.now() - checkStart) / 1000;

      const baselineIds = (
        await scratch.pool.query<{ id: string }>(
          "select id from users where username like 'bb%' order by id",
        )
      ).rows.map((r) => r.id);
      const baselineStart = performance.now();
      let next = 0;
      const worker = async () => {
        while (next < baselineIds.length) {
          const id = baselineIds[next++];
          const client = await scratch.pool.connect();
          try {
            await client.query("begin");
            await client.query(
              `insert into payouts (seller_id, amount_cents, status, provider, run_key, created_at)
               values ($1, 1000, 'sending', 'sandbox', $2, $3)`,
              [id, payoutRunKey(NOW), NOW.toISOString()],
            );
            await client.query("commit");
          } finally {
            client.release();
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const baselineSeconds = (performance.now() - baselineStart) / 1000;

      const [check] = await rows<{
        payouts: number;
        sellersPaid: number;
        wrongAmount: number;
        notInTransit: number;
        leftAvailable: number;
        ledgerTotal: string;
      }>(
        db,
        sql`select
          (select count(*)::int from payouts p join users u on u.id = p.seller_id
             where u.username like 'bp%') as payouts,
          (select count(distinct p.seller_id)::int from payouts p join users u on u.id = p.seller_id
             where u.username like 'bp%') as "sellersPaid",
          (select count(*)::int from payouts p
             where p.provider_payout_id is not null and p.amount_cents <> (
               select sum(e.amount_cents) from ledger_entries e join ledger_journals j on j.id = e.journal_id
               where j.source_kind = 'bench' and e.seller_id = p.seller_id)) as "wrongAmount",
          (select count(*)::int from payouts p join users u on u.id = p.seller_id
             where u.username like 'bp%' and p.status <> 'in_transit') as "notInTransit",
          (select count(*)::int from (select seller_id from ledger_entries
             where account = 'seller_available' group by seller_id having sum(amount_cents) <> 0) s)
            as "leftAvailable",
          (select coalesce(sum(amount_cents), 0)::text from ledger_entries) as "ledgerTotal"`,
      );
      const perSeller = (s: number) => `${((s * 1000) / SELLERS).toFixed(2)} ms a seller`;
      console.log(
        `payout run: ${runSeconds.toFixed(1)} s for ${result.sent.toLocaleString("en-US")} payouts, the demo sellers' among them (${perSeller(runSeconds)}; goal under 60 s)`,
      );
      console.log(
        `baseline (one bare insert transaction per seller, ${CONCURRENCY} at once): ${baselineSeconds.toFixed(1)} s (${perSeller(baselineSeconds)})`,
      );
      console.log(`ratio run / baseline: ${(runSeconds / baselineSeconds).toFixed(1)}×`);
      console.log(
        `checks: ${check?.payouts} payouts for ${check?.sellersPaid} sellers of ${SELLERS}; ` +
          `${check?.wrongAmount} of the wrong amount; ${check?.notInTransit} not in transit; ` +
          `${check?.leftAvailable} sellers with money left available; ledger sums to ${check?.ledgerTotal}`,
      );
      console.log(
        `ledger:check on the result: ${checkSeconds.toFixed(1)} s (goal under 10 s); ${breaks.length} breaks`,
      );
      if (breaks.length > 0) console.error(describeBreaks(breaks));
      const ok =
        breaks.length === 0 &&
        // The demo sellers with money available are paid in the same run.
        result.sent >= SELLERS &&
        check?.payouts === SELLERS &&
        check.sellersPaid === SELLERS &&
        check.wrongAmount === 0 &&
        check.notInTransit === 0 &&
        check.leftAvailable === 0 &&
        check.ledgerTotal === "0";
      if (!ok) {
        console.error("FAILED: not exactly one payout of the whole balance per seller");
        process.exitCode = 1;
      }
    },
  );
}

harness.run(main);
