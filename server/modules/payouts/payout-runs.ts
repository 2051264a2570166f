import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { payoutRunKey } from "../../../core/ledger";
import { formatMoney } from "../../../core/money";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { lockSellerMoney, postJournal } from "../ledger/journal";
import { notify } from "../notifications/notifications.service";
import {
  type PayoutOutcome,
  type PayoutProvider,
  PayoutRefusedError,
} from "../payment-providers/payout-provider";

// A payout run, once a minute on every instance, done by one at a time (a lease):
//   1. settle the payouts in transit whose outcome the provider answers by the clock (sandbox);
//   2. send again, with the same idempotency key, the payouts left "sending" by a crash between
//      their commit and the provider's answer;
//   3. pay each seller due today: onboarded, not held, available at least their minimum. Each
//      payout is written with its journal and committed BEFORE the provider is called, its id
//      the idempotency key, and is unique per (seller, run key): a seller is paid at most once a
//      day whatever crashes, and a crash between commit and call is step 2 of the next run.

export interface PayoutRunDeps {
  db: Db;
  provider: PayoutProvider;
  /** The money rules' clock: the run's date is its key. */
  now: Date;
  log?: (err: unknown, msg: string) => void;
  /** Who holds the lease (an instance); a fresh id per run unless given. */
  holder?: string;
  /** How many sellers are paid at once (each in its own transaction). */
  concurrency?: number;
}

export interface PayoutRunResult {
  /** False when another instance holds the lease: this one did nothing. */
  ran: boolean;
  sent: number;
  resent: number;
  paid: number;
  failed: number;
}

export const PAYOUT_LEASE = "payouts";
/**
 * A lease outlives a dead holder by this much at most; a live holder renews it every batch of
 * answers it records (seconds apart), so only a holder stalled this long loses it.
 */
const LEASE_MS = 2 * 60_000;
/** Sellers read per query when selecting who is due. */
const DUE_BATCH = 2000;

/**
 * Takes the named lease for `holder` when it is free, expired or already theirs. Leases run on the
 * database's clock, not the money clock: they are about processes dying, not about business days.
 */
export async function takeLease(db: Db, name: string, holder: string, ms = LEASE_MS) {
  const taken = await rows<{ holder: string }>(
    db,
    sql`insert into job_leases (name, holder, expires_at)
        values (${name}, ${holder}, now() + make_interval(secs => ${ms / 1000}))
        on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where job_leases.expires_at < now() or job_leases.holder = excluded.holder
        returning holder`,
  );
  return taken.length > 0;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`);
}

/** One payout run; see the top of this file. */
export async function runPayouts(deps: PayoutRunDeps): Promise<PayoutRunResult> {
  const holder = deps.holder ?? `run-${randomUUID()}`;
  const result: PayoutRunResult = { ran: false, sent: 0, resent: 0, paid: 0, failed: 0 };
  if (!(await takeLease(deps.db, PAYOUT_LEASE, holder))) return result;
  result.ran = true;
  try {
    if (deps.provider.outcomes === "clock") {
      const settled = await settleArrived(deps, holder);
      result.paid = settled.paid;
      result.failed = settled.failed;
    }
    result.resent = await resendStuck(deps, holder);
    result.sent = await payDueSellers(deps, holder);
  } finally {
    await releaseLease(deps.db, PAYOUT_LEASE, holder);
  }
  return result;
}

/** Keeps the lease while the run goes on; throws when it was lost (the run must stop). */
async function renew(deps: PayoutRunDeps, holder: string): Promise<void> {
  if (!(await takeLease(deps.db, PAYOUT_LEASE, holder)))
    throw new Error("the payout run lost its lease");
}

interface OpenPayout {
  id: string;
  sellerId: string;
  amountCents: number;
  providerPayoutId: string | null;
  arrivalDate: Date | string | null;
  providerAccountId: string | null;
}

/** How many sellers' transactions a run has going at once (the app's pool holds 20 connections). */
const CONCURRENCY = 8;

/** Runs `fn` over `items`, `concurrency` at a time. */
async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Sandbox payouts whose arrival date has come: paid, or failed as the bank number implies. */
async function settleArrived(
  deps: PayoutRunDeps,
  holder: string,
): Promise<{ paid: number; failed: number }> {
  const due = await rows<OpenPayout>(
    deps.db,
    sql`select id, seller_id as "sellerId", amount_cents as "amountCents",
          provider_payout_id as "providerPayoutId", arrival_date as "arrivalDate"
        from payouts
        where status = 'in_transit' and provider = ${deps.provider.id}
          and arrival_date <= ${deps.now.toISOString()}
        order by arrival_date`,
  );
  let paid = 0;
  let failed = 0;
  await inParallel(due, deps.concurrency ?? CONCURRENCY, async (payout, index) => {
    if (index > 0 && index % RECORD_BATCH === 0) await renew(deps, holder);
    if (!payout.providerPayoutId || !payout.arrivalDate) return;
    const outcome = deps.provider.payoutOutcome(
      { providerPayoutId: payout.providerPayoutId, arrivalDate: new Date(payout.arrivalDate) },
      deps.now,
    );
    if (!outcome) return;
    if (await settlePayout(deps.db, payout.id, outcome, deps.now)) {
      if (outcome.status === "paid") paid += 1;
      else failed += 1;
    }
  });
  return { paid, failed };
}

/**
 * Ends a payout in transit (or one the provider refused while sending): paid moves it from in
 * transit to the money the platform no longer holds; failed returns it to the seller's available
 * balance and tells them why. Answers false when it was already settled (an event told twice).
 */
export async function settlePayout(
  db: Db,
  payoutId: string,
  outcome: PayoutOutcome,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payout] = await rows<{
      sellerId: string;
      amountCents: number;
      status: string;
    }>(
      tx,
      sql`select seller_id as "sellerId", amount_cents as "amountCents", status
          from payouts where id = ${payoutId} for update`,
    );
    if (!payout || (payout.status !== "in_transit" && payout.status !== "sending")) return false;
    const { sellerId, amountCents } = payout;
    if (outcome.status === "paid") {
      await postJournal(tx, {
        source: { kind: "payout", id: payoutId },
        purpose: "paid",
        occurredAt: now,
        entries: [
          { account: "payouts_in_transit", amountCents: -amountCents, kind: "payout" },
          { account: "provider_clearing", amountCents, kind: "payout" },
        ],
      });
      await tx.execute(sql`update payouts set status = 'paid', settled_at = ${now.toISOString()}
        where id = ${payoutId}`);
      return true;
    }
    await lockSellerMoney(tx, sellerId);
    await postJournal(tx, {
      source: { kind: "payout", id: payoutId },
      purpose: "failed",
      occurredAt: now,
      memo: outcome.reason,
      entries: [
        { account: "payouts_in_transit", amountCents: -amountCents, kind: "payout" },
        { account: "seller_available", sellerId, amountCents, kind: "payout" },
      ],
    });
    await tx.execute(sql`update payouts
      set status = 'failed', failure_reason = ${outcome.reason}, settled_at = ${now.toISOString()}
      where id = ${payoutId}`);
    // The bank refused it: sending again tomorrow to the same account would fail the same way.
    // The seller gives their bank details again (Stripe's account.updated re-enables its own).
    await tx.execute(sql`update payout_accounts set status = 'pending', updated_at = now()
      where seller_id = ${sellerId}`);
    await notify(tx, [
      {
        userId: sellerId,
        kind: "payout_failed",
        message: notificationText("payout_failed", {
          amount: formatMoney(amountCents),
          reason: outcome.reason,
        }),
        link: "/my/payments",
      },
    ]);
    return true;
  });
}

/** Payouts committed but never answered by the provider (a crash, an error): sent again. */
async function resendStuck(deps: PayoutRunDeps, holder: string): Promise<number> {
  const stuck = await rows<OpenPayout>(
    deps.db,
    sql`select p.id, p.seller_id as "sellerId", p.amount_cents as "amountCents",
          p.provider_account_id as "providerAccountId"
        from payouts p
        where p.status = 'sending' and p.provider = ${deps.provider.id}
        order by p.created_at`,
  );
  let resent = 0;
  for (let i = 0; i < stuck.length; i += RECORD_BATCH) {
    const answered: Answered[] = [];
    for (const payout of stuck.slice(i, i + RECORD_BATCH)) {
      const a = await callProvider(deps, payout);
      if (a) answered.push(a);
    }
    resent += await recordSent(deps, answered);
    await renew(deps, holder);
  }
  return resent;
}

type Committed = Pick<OpenPayout, "id" | "sellerId" | "amountCents" | "providerAccountId">;
type Answered = Committed & { providerPayoutId: string; arrivalDate: Date };

/**
 * Calls the provider for a committed payout. A refusal fails the payout (the money returns); any
 * other error leaves it "sending", to be sent again with the same key. Answers what the provider
 * said, for recordSent, or null.
 */
async function callProvider(deps: PayoutRunDeps, payout: Committed): Promise<Answered | null> {
  if (!payout.providerAccountId) return null;
  try {
    const sent = await deps.provider.sendPayout({
      accountId: payout.providerAccountId,
      amountCents: payout.amountCents,
      idempotencyKey: payout.id,
      now: deps.now,
    });
    return { ...payout, ...sent };
  } catch (error) {
    if (error instanceof PayoutRefusedError) {
      await settlePayout(deps.db, payout.id, { status: "failed", reason: error.message }, deps.now);
      return null;
    }
    deps.log?.(error, `payout ${payout.id} could not be sent; it is retried on the next run`);
    return null;
  }
}

/**
 * Records the provider's answers, many payouts in one statement, and tells each seller. A crash
 * before this leaves them "sending": sent again with the same key, the provider answers the same
 * payout. Answers how many it recorded.
 */
async function recordSent(deps: PayoutRunDeps, answered: Answered[]): Promise<number> {
  if (answered.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const updated = await rows<{ id: string; bankLast4: string | null }>(
      tx,
      sql`update payouts p
          set status = 'in_transit', provider_payout_id = v.provider_id, arrival_date = v.arrival
          from (values ${sql.join(
            answered.map(
              (a) =>
                sql`(${a.id}::uuid, ${a.providerPayoutId}, ${a.arrivalDate.toISOString()}::timestamptz)`,
            ),
            sql`, `,
          )}) as v(id, provider_id, arrival)
          where p.id = v.id and p.status = 'sending'
          returning p.id, p.bank_last4 as "bankLast4"`,
    );
    const byId = new Map(answered.map((a) => [a.id, a]));
    await notify(
      tx,
      updated.flatMap((row) => {
        const a = byId.get(row.id);
        if (!a) return [];
        return [
          {
            userId: a.sellerId,
            kind: "payout_sent" as const,
            message: notificationText("payout_sent", {
              amount: formatMoney(a.amountCents),
              bank: row.bankLast4,
              arrival: formatDay(a.arrivalDate),
            }),
            link: "/my/payments",
          },
        ];
      }),
    );
    return updated.length;
  });
}

/** How many provider answers are recorded together. */
const RECORD_BATCH = 200;

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
function formatDay(date: Date): string {
  return dayFormat.format(date);
}

interface DueSeller {
  sellerId: string;
  providerAccountId: string;
  bankLast4: string | null;
  minimumCents: number;
}

/**
 * The sellers due in this run, a batch at a time in one query each: enabled with this provider, not
 * held, today one of their payout days, not yet paid by this run, with an available balance of at
 * least their minimum (summed through the ledger's (seller, account) index).
 */
async function dueSellers(deps: PayoutRunDeps, after: string | null): Promise<DueSeller[]> {
  const runKey = payoutRunKey(deps.now);
  const weekday = deps.now.getUTCDay();
  return rows<DueSeller>(
    deps.db,
    sql`select a.seller_id as "sellerId", a.provider_account_id as "providerAccountId",
          a.bank_last4 as "bankLast4", a.minimum_cents as "minimumCents"
        from payout_accounts a
        where a.status = 'enabled' and a.held_at is null and a.provider = ${deps.provider.id}
          and a.provider_account_id is not null
          and (a.schedule = 'daily' or a.weekly_day = ${weekday})
          ${after ? sql`and a.seller_id > ${after}` : sql``}
          and not exists (select 1 from payouts p where p.seller_id = a.seller_id and p.run_key = ${runKey})
          and (select coalesce(sum(e.amount_cents), 0) from ledger_entries e
               where e.seller_id = a.seller_id and e.account = 'seller_available') >= a.minimum_cents
        order by a.seller_id
        limit ${DUE_BATCH}`,
  );
}

async function payDueSellers(deps: PayoutRunDeps, holder: string): Promise<number> {
  let sent = 0;
  let after: string | null = null;
  const concurrency = deps.concurrency ?? CONCURRENCY;
  for (;;) {
    const batch = await dueSellers(deps, after);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]?.sellerId ?? null;
    let next = 0;
    let answered: Answered[] = [];
    const flush = async () => {
      const recording = answered;
      answered = [];
      // Read `sent` after the await: several workers flush at once.
      const recorded = await recordSent(deps, recording);
      sent += recorded;
      await renew(deps, holder);
    };
    // A few sellers at once: each payout its own transaction and its own provider call; the
    // answers are recorded a batch at a time.
    const worker = async () => {
      while (next < batch.length) {
        const seller = batch[next++] as DueSeller;
        const payout = await createPayout(deps, seller);
        const a = payout ? await callProvider(deps, payout) : null;
        if (a) answered.push(a);
        if (answered.length >= RECORD_BATCH) await flush();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    await flush();
    await renew(deps, holder);
    if (batch.length < DUE_BATCH) break;
  }
  return sent;
}

/**
 * Writes one seller's payout and its journal, in one transaction under the seller's money lock:
 * the balance is read again after the lock (a refund may have taken from it since the selection).
 * Null when they are no longer due (held, below the minimum, already paid by this run).
 */
async function createPayout(
  deps: PayoutRunDeps,
  seller: DueSeller,
): Promise<{
  id: string;
  sellerId: string;
  amountCents: number;
  providerAccountId: string;
} | null> {
  const runKey = payoutRunKey(deps.now);
  return deps.db.transaction(async (tx) => {
    await lockSellerMoney(tx, seller.sellerId);
    const [state] = await rows<{ held: boolean; available: string | number }>(
      tx,
      sql`select a.held_at is not null as held,
            (select coalesce(sum(e.amount_cents), 0) from ledger_entries e
             where e.seller_id = a.seller_id and e.account = 'seller_available') as available
          from payout_accounts a where a.seller_id = ${seller.sellerId}`,
    );
    const available = Number(state?.available ?? 0);
    if (!state || state.held || available < seller.minimumCents) return null;
    const [created] = await rows<{ id: string }>(
      tx,
      sql`insert into payouts (seller_id, amount_cents, status, provider, provider_account_id,
            bank_last4, run_key, created_at)
          values (${seller.sellerId}, ${available}, 'sending', ${deps.provider.id},
                  ${seller.providerAccountId}, ${seller.bankLast4}, ${runKey}, ${deps.now.toISOString()})
          on conflict (seller_id, run_key) do nothing
          returning id`,
    );
    if (!created) return null;
    await postJournal(tx, {
      source: { kind: "payout", id: created.id },
      purpose: "sent",
      occurredAt: deps.now,
      entries: [
        {
          account: "seller_available",
          sellerId: seller.sellerId,
          amountCents: -available,
          kind: "payout",
        },
        { account: "payouts_in_transit", amountCents: available, kind: "payout" },
      ],
    });
    return {
      id: created.id,
      sellerId: seller.sellerId,
      amountCents: available,
      providerAccountId: seller.providerAccountId,
    };
  });
}
