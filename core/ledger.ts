/**
 * The money ledger's vocabulary and the rules of when a seller's money becomes theirs, shared by
 * the server (which posts and checks) and the pages (which explain). Amounts are integer cents.
 */

/** A seller's own balances: a sale waits in pending, then is available (or on hold) until paid out. */
export const SELLER_ACCOUNTS = ["seller_pending", "seller_available", "seller_on_hold"] as const;

/**
 * Every account. The platform's: money held at the payment provider (an asset, so it runs
 * negative: the sign convention makes a credit positive), fee revenue by kind, tax collected for
 * remittance, refunds owed to buyers until the provider sends them, payouts on their way to banks.
 */
export const LEDGER_ACCOUNTS = [
  ...SELLER_ACCOUNTS,
  "provider_clearing",
  "fee_revenue_final_value",
  "fee_revenue_insertion",
  "fee_revenue_upgrades",
  "fee_revenue_disputes",
  "tax_payable",
  "refunds_payable",
  "payouts_in_transit",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export type SellerAccount = (typeof SELLER_ACCOUNTS)[number];

/** What a seller's transactions list calls each entry. */
export const TRANSACTION_KINDS = ["sale", "fee", "refund", "payout", "adjustment"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
/** Every entry's kind: the seller's transaction kinds, and the moves between their own balances. */
export const ENTRY_KINDS = [...TRANSACTION_KINDS, "release", "hold"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Hold periods: the earlier of delivery confirmed + 3 days and shipped with tracking + 7 days. */
export const HOLD_DAYS_AFTER_DELIVERY = 3;
export const HOLD_DAYS_AFTER_TRACKED_SHIPMENT = 7;
/** A seller with fewer completed sales than this waits longer. */
export const NEW_SELLER_COMPLETED_SALES = 5;
export const NEW_SELLER_HOLD_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a sale's money becomes available: the earlier of the two rules that apply, or null while
 * neither can (not shipped with tracking, not confirmed delivered). A new seller waits
 * NEW_SELLER_HOLD_DAYS after either event instead.
 */
export function releaseDate(sale: {
  newSeller: boolean;
  shippedWithTrackingAt: Date | null;
  deliveredAt: Date | null;
}): Date | null {
  const after = (from: Date | null, days: number) =>
    from ? new Date(from.getTime() + days * DAY_MS) : null;
  const candidates = [
    after(sale.deliveredAt, sale.newSeller ? NEW_SELLER_HOLD_DAYS : HOLD_DAYS_AFTER_DELIVERY),
    after(
      sale.shippedWithTrackingAt,
      sale.newSeller ? NEW_SELLER_HOLD_DAYS : HOLD_DAYS_AFTER_TRACKED_SHIPMENT,
    ),
  ].filter((d): d is Date => d !== null);
  if (candidates.length === 0) return null;
  return new Date(Math.min(...candidates.map((d) => d.getTime())));
}

/**
 * Splits `total` into parts proportional to `weights`, in whole cents that sum exactly to `total`
 * (largest remainder). Refunds of a whole order are shared among its sellers this way.
 */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, remainder: x - Math.floor(x) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** How often a seller is paid: every day, or once a week on `weeklyDay` (0 Sunday ... 6 Saturday). */
export interface PayoutSchedule {
  schedule: "daily" | "weekly";
  weeklyDay: number;
}

/** The run key of a payout run: its UTC date. A seller is paid at most once per key. */
export function payoutRunKey(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether the UTC day of `date` is one of the seller's payout days. */
export function isPayoutDay(schedule: PayoutSchedule, date: Date): boolean {
  return schedule.schedule === "daily" || date.getUTCDay() === schedule.weeklyDay;
}

/**
 * The next payout day (midnight UTC) from `now`: today when it is a payout day and today's run has
 * not paid the seller yet, otherwise the next one.
 */
export function nextPayoutDay(schedule: PayoutSchedule, now: Date, paidToday: boolean): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (!paidToday && isPayoutDay(schedule, day)) return day;
  for (let i = 1; i <= 7; i++) {
    const next = new Date(day.getTime() + i * DAY_MS);
    if (isPayoutDay(schedule, next)) return next;
  }
  return new Date(day.getTime() + DAY_MS);
}
