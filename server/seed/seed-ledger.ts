import { sql } from "drizzle-orm";
import { payoutRunKey } from "../../core/ledger";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { postJournal } from "../modules/ledger/journal";
import {
  postOrderPaid,
  postRefundRecorded,
  postRefundSent,
  releaseDueFunds,
  scheduleRelease,
} from "../modules/ledger/seller-funds";

const DAY = 86_400_000;

/** Demo sellers' bank details for the sandbox provider; the one left out has not onboarded. */
const PAYOUT_ACCOUNTS: Record<string, { bank: string; last4: string }> = {
  marcus: { bank: "National Commercial Bank", last4: "4821" },
  aaliyah: { bank: "Republic Bank", last4: "6789" },
  desmond: { bank: "Scotiabank", last4: "3054" },
  marisol: { bank: "FirstCaribbean", last4: "1207" },
  shanice: { bank: "Republic Bank", last4: "9913" },
  natalia: { bank: "JN Bank", last4: "5560" },
};
/** Sells, and is paid nothing until onboarding is finished: Selling and /my/payments say so. */
export const DEMO_SELLER_NOT_ONBOARDED = "rafael";
/**
 * The demo marketplace started charging fees and paying sellers this many days before the seed's
 * `now`: the sales paid since go through the ledger; the older past sales (the ones behind the
 * sellers' ratings, server/seed/seed-feedback.ts) are history from before it, as a database that
 * was running before the ledger has, and ledger:check starts from the first journal as it would
 * there. Posting, releasing and scheduling those ~160 older sales through the money rules one by one
 * took 5-10 s of every fresh start and of every test app's seed.
 */
export const DEMO_LEDGER_DAYS = 30;
/** Paid out 10 days ago, and the money arrived two days later. */
const PAID_PAYOUT = { daysAgo: 10, arrivedAfterDays: 2 };
/** Sent 2 days ago to a bank number that bounced (Stripe's test number 000111111116 does so). */
const FAILED_PAYOUT = {
  daysAgo: 2,
  last4: "1116",
  reason: "The bank could not find the account (no_account). Check the account number.",
};

/**
 * The demo's money, run last in the seed's transaction, on the rows above, through the money
 * rules themselves (server/modules/ledger/seller-funds.ts) at the dates the rows say: every order
 * paid in the last DEMO_LEDGER_DAYS, its sale and fees when it was paid, release dates from its shipment and delivery, what
 * was due released on its date, the cancelled order's refund; then sandbox payout accounts for
 * every demo seller but one, a payout paid 10 days ago (to the seller with the most available
 * then) and one that failed 2 days ago (to the next seller with the most available). What it
 * leaves: older sales available, recent ones pending, one seller not onboarded; ledger:check
 * finds nothing to report on it (ledger-check.test.ts).
 */
export async function seedDemoLedger(tx: Db, now: Date): Promise<void> {
  // Paid, or cancelled after payment (the demo's refunded order); never an unpaid checkout.
  const paid = await rows<{ id: string; paidAt: Date | string }>(
    tx,
    sql`select id, paid_at as "paidAt" from orders
        where paid_at is not null and status in ('paid', 'cancelled')
          and paid_at >= ${new Date(now.getTime() - DEMO_LEDGER_DAYS * DAY).toISOString()}
        order by paid_at, id`,
  );
  for (const order of paid) await postOrderPaid(tx, order.id, new Date(order.paidAt));

  const shipped = await rows<{
    orderId: string;
    sellerId: string;
    shippedAt: Date | string;
    tracked: boolean;
    receivedAt: Date | string | null;
  }>(
    tx,
    sql`select order_id as "orderId", seller_id as "sellerId", shipped_at as "shippedAt",
          tracking_number is not null as tracked, received_at as "receivedAt"
        from shipments s
        where exists (select 1 from seller_sales x
          where x.order_id = s.order_id and x.seller_id = s.seller_id)
        order by shipped_at`,
  );
  for (const s of shipped) {
    await scheduleRelease(tx, s.orderId, s.sellerId, {
      shippedWithTrackingAt: s.tracked ? new Date(s.shippedAt) : undefined,
      deliveredAt: s.receivedAt ? new Date(s.receivedAt) : undefined,
    });
  }

  const refunds = await rows<{
    id: string;
    orderId: string;
    sellerId: string | null;
    amountCents: number;
    status: string;
    createdAt: Date | string;
    settledAt: Date | string | null;
  }>(
    tx,
    sql`select id, order_id as "orderId", seller_id as "sellerId", amount_cents as "amountCents",
          status, created_at as "createdAt", settled_at as "settledAt"
        from refunds r
        where exists (select 1 from ledger_journals j
          where j.source_kind = 'order' and j.source_id = r.order_id::text and j.purpose = 'sale')
        order by created_at`,
  );
  for (const r of refunds) {
    await postRefundRecorded(tx, r, new Date(r.createdAt));
    if (r.status === "succeeded") await postRefundSent(tx, r, new Date(r.settledAt ?? r.createdAt));
  }

  // Each sale released on its own date, as the release job would have (one run per date due).
  const due = await rows<{ at: Date | string }>(
    tx,
    sql`select distinct release_at as at from seller_sales
        where released_at is null and release_at <= ${now.toISOString()} order by release_at`,
  );
  for (const d of due) await releaseDueFunds(tx, new Date(d.at));

  const sellers = await rows<{ id: string; username: string; fullName: string }>(
    tx,
    sql`select id, username, full_name as "fullName" from users
        where username in (${sql.join(
          [...Object.keys(PAYOUT_ACCOUNTS), DEMO_SELLER_NOT_ONBOARDED].map((u) => sql`${u}`),
          sql`, `,
        )})`,
  );
  const onboarded = sellers.filter((s) => PAYOUT_ACCOUNTS[s.username]);
  if (onboarded.length > 0)
    await tx.execute(sql`insert into payout_accounts (seller_id, provider, provider_account_id,
        status, holder_name, bank_name, bank_last4, created_at, updated_at)
      values ${sql.join(
        onboarded.map((s) => {
          const bank = PAYOUT_ACCOUNTS[s.username] as { bank: string; last4: string };
          const since = new Date(now.getTime() - 60 * DAY).toISOString();
          return sql`(${s.id}, 'sandbox', ${`acct_sbx_demo_${s.username}`}, 'enabled', ${s.fullName},
            ${bank.bank}, ${bank.last4}, ${since}::timestamptz, ${since}::timestamptz)`;
        }),
        sql`, `,
      )}`);

  const lastOf = new Map(onboarded.map((o) => [o.id, PAYOUT_ACCOUNTS[o.username]?.last4 ?? null]));
  const paidAt = new Date(now.getTime() - PAID_PAYOUT.daysAgo * DAY);
  const paidTo = await richestSeller(tx, [...lastOf.keys()], paidAt);
  if (paidTo)
    await seedPayout(tx, {
      sellerId: paidTo,
      last4: lastOf.get(paidTo) ?? null,
      sentAt: paidAt,
      outcome: {
        status: "paid",
        at: new Date(paidAt.getTime() + PAID_PAYOUT.arrivedAfterDays * DAY),
      },
    });
  const failedAt = new Date(now.getTime() - FAILED_PAYOUT.daysAgo * DAY);
  const failedTo = await richestSeller(
    tx,
    [...lastOf.keys()].filter((id) => id !== paidTo),
    failedAt,
  );
  if (failedTo)
    await seedPayout(tx, {
      sellerId: failedTo,
      last4: FAILED_PAYOUT.last4,
      sentAt: failedAt,
      outcome: {
        status: "failed",
        at: new Date(failedAt.getTime() + DAY),
        reason: FAILED_PAYOUT.reason,
      },
    });
}

/** A seller's available balance as it stood at `at` (entries dated then or earlier). */
async function availableAt(tx: Db, sellerId: string, at: Date): Promise<number> {
  const [balance] = await rows<{ available: string | number | null }>(
    tx,
    sql`select sum(amount_cents) as available from ledger_entries
        where seller_id = ${sellerId} and account = 'seller_available'
          and occurred_at <= ${at.toISOString()}`,
  );
  return Number(balance?.available ?? 0);
}

/** Of these sellers, the one with the most available at `at` (the first on a tie); none if nobody has any. */
async function richestSeller(tx: Db, sellerIds: string[], at: Date): Promise<string | null> {
  let best: { id: string; available: number } | null = null;
  for (const id of [...sellerIds].sort()) {
    const available = await availableAt(tx, id, at);
    if (available > 0 && (!best || available > best.available)) best = { id, available };
  }
  return best?.id ?? null;
}

/**
 * One past payout of the seller's whole available balance as it stood at `sentAt` (what the
 * payout run pays), with the journals the payouts module posts: sent (available to in transit),
 * then paid (in transit leaves the provider's balance) or failed (back to available).
 */
async function seedPayout(
  tx: Db,
  payout: {
    sellerId: string;
    last4: string | null;
    sentAt: Date;
    outcome: { status: "paid"; at: Date } | { status: "failed"; at: Date; reason: string };
  },
): Promise<void> {
  const amount = await availableAt(tx, payout.sellerId, payout.sentAt);
  if (amount <= 0) return;
  const failed = payout.outcome.status === "failed";
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into payouts (seller_id, amount_cents, status, provider, provider_payout_id,
          bank_last4, run_key, failure_reason, created_at, arrival_date, settled_at)
        values (${payout.sellerId}, ${amount}, ${payout.outcome.status}, 'sandbox',
          ${`po_sbx_demo_${payoutRunKey(payout.sentAt)}`}, ${payout.last4},
          ${payoutRunKey(payout.sentAt)}, ${failed ? (payout.outcome as { reason: string }).reason : null},
          ${payout.sentAt.toISOString()}::timestamptz,
          ${failed ? null : payout.outcome.at.toISOString()}::timestamptz,
          ${payout.outcome.at.toISOString()}::timestamptz)
        returning id`,
  );
  if (!row) return;
  const source = { kind: "payout", id: row.id };
  const sellerId = payout.sellerId;
  await postJournal(tx, {
    source,
    purpose: "sent",
    occurredAt: payout.sentAt,
    entries: [
      { account: "seller_available", sellerId, amountCents: -amount, kind: "payout" },
      { account: "payouts_in_transit", amountCents: amount, kind: "payout" },
    ],
  });
  await postJournal(tx, {
    source,
    purpose: payout.outcome.status,
    occurredAt: payout.outcome.at,
    entries: failed
      ? [
          { account: "payouts_in_transit", amountCents: -amount, kind: "payout" },
          { account: "seller_available", sellerId, amountCents: amount, kind: "payout" },
        ]
      : [
          { account: "payouts_in_transit", amountCents: -amount, kind: "payout" },
          { account: "provider_clearing", amountCents: amount, kind: "payout" },
        ],
  });
}
