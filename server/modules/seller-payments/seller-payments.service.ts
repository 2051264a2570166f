import { type SQL, sql } from "drizzle-orm";
import { orderNumber } from "../../../core/cart";
import type { SaleEarnings } from "../../../core/contracts/buying";
import {
  type PaymentsSummary,
  type Statement,
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  type TransactionPage,
  type TransactionsQuery,
} from "../../../core/contracts/seller-payments";
import { csvField } from "../../../core/csv";
import { UPGRADES } from "../../../core/fees";
import { nextPayoutDay, payoutRunKey, type TransactionKind } from "../../../core/ledger";
import type { Db } from "../../db/db-handle";
import { isoTime, rows, uuidList } from "../../db/rows";
import { sellerBalances } from "../ledger/journal";

// The seller's own money, read from the ledger (server/modules/ledger): every number here is a sum
// of entries, so the summary, the transactions, the statements and "You earn" in Selling can never
// disagree with each other or with what was posted. Every query is scoped to the signed-in seller.

/** A payout account as the summary reads it; no row means onboarding was never started. */
interface PayoutAccountRow {
  status: "pending" | "enabled";
  schedule: "daily" | "weekly";
  weeklyDay: number;
  minimumCents: number;
  holdReason: string | null;
  heldAt: Date | string | null;
}

export const WAITING = {
  onboarding: "Finish setting up payouts to get paid.",
  hold: (reason: string) => `Your payouts are on hold: ${reason}`,
  negative: "Your balance is negative; your next sales make it up.",
  belowMinimum: "Your available balance is below your minimum payout.",
} as const;

/** GET /api/my/payments/summary */
export async function paymentsSummary(
  db: Db,
  sellerId: string,
  now: Date,
): Promise<PaymentsSummary> {
  const balances = await sellerBalances(db, sellerId);
  const [account] = await rows<PayoutAccountRow>(
    db,
    sql`select status, schedule, weekly_day as "weeklyDay", minimum_cents as "minimumCents",
          hold_reason as "holdReason", held_at as "heldAt"
        from payout_accounts where seller_id = ${sellerId}`,
  );
  const onboarding = account ? account.status : "not_started";
  const hold =
    account?.holdReason && account.heldAt
      ? { reason: account.holdReason, since: isoTime(account.heldAt) }
      : null;
  const available = balances.seller_available;
  const minimum = account?.minimumCents ?? 100;
  const anything =
    available !== 0 || balances.seller_pending !== 0 || balances.seller_on_hold !== 0;
  // The first that applies, in the order the seller can act on them: a hold only staff lift, a
  // set-up only the seller can finish, then what the money itself is waiting for.
  let waitingReason: string | null = null;
  if (hold) waitingReason = WAITING.hold(hold.reason);
  else if (onboarding !== "enabled" && anything) waitingReason = WAITING.onboarding;
  else if (available < 0) waitingReason = WAITING.negative;
  else if (anything && available < minimum) waitingReason = WAITING.belowMinimum;

  let nextPayout: PaymentsSummary["nextPayout"] = null;
  if (account && onboarding === "enabled" && !hold && available >= minimum) {
    const [paid] = await rows<{ one: number }>(
      db,
      sql`select 1 as one from payouts
          where seller_id = ${sellerId} and run_key = ${payoutRunKey(now)}`,
    );
    const date = nextPayoutDay(
      { schedule: account.schedule, weeklyDay: account.weeklyDay },
      now,
      Boolean(paid),
    );
    nextPayout = { date: date.toISOString(), amountCents: available };
  }
  return {
    availableCents: available,
    pendingCents: balances.seller_pending,
    onHoldCents: balances.seller_on_hold,
    currency: "USD",
    nextPayout,
    waitingReason,
    onboarding,
    hold,
  };
}

/**
 * A journal's kind in the seller's list, from its source and purpose (docs/money.md lists what
 * posts what): every journal of a payout (its 'sent', and its 'failed' when the money comes back)
 * is a payout. A failed payout that comes back is
 * listed as a payout (with a positive amount): it belongs beside the payout it undoes, and the
 * Payouts filter then shows both.
 */
const KIND_OF = sql`case
    when j.purpose = 'sale' then 'sale'
    when j.purpose = 'insertion_fee' or j.purpose like 'upgrade:%' then 'fee'
    when j.source_kind = 'after_sale_request' and j.purpose = 'expedite' then 'fee'
    when j.purpose like 'refund%' then 'refund'
    when j.source_kind = 'payout' then 'payout'
    else 'adjustment' end`;

/** Inclusive UTC dates of the filters as SQL conditions on the journal's time. */
function dateConditions(query: Pick<TransactionsQuery, "from" | "to">): SQL[] {
  const conditions: SQL[] = [];
  if (query.from) conditions.push(sql`j.occurred_at >= ${`${query.from}T00:00:00.000Z`}`);
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(sql`j.occurred_at < ${end.toISOString()}`);
  }
  return conditions;
}

interface JournalLine {
  id: string;
  kind: TransactionKind;
  sourceKind: string;
  purpose: string;
  sourceId: string;
  orderId: string | null;
  occurredAt: Date | string;
  memo: string;
  amount: string | number;
  gross: string | number | null;
  fee: string | number | null;
  total: number;
}

/**
 * The journals that moved the seller's money, newest first. Releases and holds are left out: they
 * move money between the seller's own balances (pending, available, on hold) and change nothing
 * the seller is owed; the summary shows where the money sits. Listing them as zero lines would
 * double every sale in the list and add nothing to a statement's totals.
 */
async function journalLines(
  db: Db,
  sellerId: string,
  filters: { kind?: TransactionKind; from?: string; to?: string },
  page: { limit: number; offset: number } | null,
): Promise<JournalLine[]> {
  const conditions = dateConditions(filters);
  const where = conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const kindFilter = filters.kind ? sql` where kind = ${filters.kind}` : sql``;
  const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  return rows<JournalLine>(
    db,
    sql`select * from (
          select j.id, ${KIND_OF} as kind, j.source_kind as "sourceKind", j.purpose,
            j.source_id as "sourceId",
            j.order_id as "orderId", j.occurred_at as "occurredAt", j.memo,
            sum(e.amount_cents) as amount,
            sum(e.amount_cents) filter (where e.kind = 'sale') as gross,
            -sum(e.amount_cents) filter (where e.kind = 'fee' and j.purpose = 'sale') as fee
          from ledger_journals j join ledger_entries e on e.journal_id = j.id
          where e.seller_id = ${sellerId}${where}
          group by j.id
          having bool_or(e.kind not in ('release', 'hold'))
        ) lines${kindFilter}
        order by "occurredAt" desc, id
        ${paging}`,
  );
}

/** The fee page's name of an upgrade ("Bold title"), from its id. */
const upgradeLabel = (id: string) => UPGRADES.find((u) => u.id === id)?.label ?? "Listing";

/** The titles the seller sold in each order, and the listings insertion fees were charged for. */
async function describeLines(
  db: Db,
  sellerId: string,
  lines: JournalLine[],
): Promise<Transaction[]> {
  const orderIds = [...new Set(lines.map((l) => l.orderId).filter((id): id is string => !!id))];
  const titles = new Map<string, string[]>();
  if (orderIds.length > 0) {
    const found = await rows<{ orderId: string; title: string }>(
      db,
      sql`select order_id as "orderId", title from order_lines
          where seller_id = ${sellerId} and order_id in (${uuidList(orderIds)})
          order by order_id, id`,
    );
    for (const row of found)
      titles.set(row.orderId, [...(titles.get(row.orderId) ?? []), row.title]);
  }
  const listingIds = [
    ...new Set(
      lines
        .filter((l) => l.purpose === "insertion_fee" || l.purpose.startsWith("upgrade:"))
        .map((l) => l.sourceId),
    ),
  ];
  const listingTitles = new Map<string, string>();
  if (listingIds.length > 0) {
    const found = await rows<{ id: string; title: string }>(
      db,
      sql`select id, title from listings
          where seller_id = ${sellerId} and id in (${uuidList(listingIds)})`,
    );
    for (const row of found) listingTitles.set(row.id, row.title);
  }
  const items = (orderId: string | null) => {
    const all = orderId ? (titles.get(orderId) ?? []) : [];
    if (all.length === 0) return "";
    return all.length === 1 ? (all[0] ?? "") : `${all[0]} and ${all.length - 1} more`;
  };
  return lines.map((line) => {
    const what = items(line.orderId);
    let description: string;
    if (line.purpose === "sale") description = `Sale: ${what}`;
    else if (line.purpose === "insertion_fee")
      description = `Insertion fee: ${listingTitles.get(line.sourceId) ?? "a listing"}`;
    else if (line.purpose.startsWith("upgrade:"))
      description = `${upgradeLabel(line.purpose.slice("upgrade:".length))} upgrade: ${listingTitles.get(line.sourceId) ?? "a listing"}`;
    else if (line.sourceKind === "after_sale_request" && line.purpose === "expedite")
      description = line.orderId
        ? `Expedited dispute fee: order #${orderNumber(line.orderId)}`
        : "Expedited dispute fee";
    else if (line.kind === "refund") description = `Refund to the buyer: ${what}`;
    else if (line.sourceKind === "payout" && line.purpose === "failed")
      // The journal's memo is the bank's reason.
      description = `Payout failed${line.memo ? ` (${line.memo})` : ""}: the money is back in your balance`;
    else if (line.sourceKind === "payout") description = line.memo || "Payout to your bank";
    else description = line.memo || "Adjustment";
    return {
      id: line.id,
      kind: line.kind,
      occurredAt: isoTime(line.occurredAt),
      description,
      amountCents: Number(line.amount),
      grossCents: line.purpose === "sale" ? Number(line.gross ?? 0) : null,
      feeCents: line.purpose === "sale" ? Number(line.fee ?? 0) : null,
      orderId: line.orderId,
      orderNumber: line.orderId ? orderNumber(line.orderId) : null,
    };
  });
}

/** GET /api/my/payments/transactions */
export async function listTransactions(
  db: Db,
  sellerId: string,
  query: TransactionsQuery,
): Promise<TransactionPage> {
  const pageSize = TRANSACTIONS_PAGE_SIZE;
  const found = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${countable(sellerId, query)}) lines`,
  );
  const lines = await journalLines(db, sellerId, query, {
    limit: pageSize,
    offset: (query.page - 1) * pageSize,
  });
  return {
    items: await describeLines(db, sellerId, lines),
    total: found[0]?.total ?? 0,
    page: query.page,
    pageSize,
  };
}

/** The same rows as journalLines, for counting them. */
function countable(sellerId: string, query: Pick<TransactionsQuery, "kind" | "from" | "to">) {
  const conditions = dateConditions(query);
  const where = conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const kindFilter = query.kind ? sql` where kind = ${query.kind}` : sql``;
  return sql`select * from (
      select j.id, ${KIND_OF} as kind
      from ledger_journals j join ledger_entries e on e.journal_id = j.id
      where e.seller_id = ${sellerId}${where}
      group by j.id
      having bool_or(e.kind not in ('release', 'hold'))
    ) counted${kindFilter}`;
}

/** At most this many lines in one CSV download (years of a busy shop; the filters narrow it). */
export const CSV_MAX_LINES = 50_000;

/** Every line the filters keep, for the CSV download. */
export async function allTransactions(
  db: Db,
  sellerId: string,
  query: Pick<TransactionsQuery, "kind" | "from" | "to">,
): Promise<Transaction[]> {
  const lines = await journalLines(db, sellerId, query, { limit: CSV_MAX_LINES, offset: 0 });
  return describeLines(db, sellerId, lines);
}

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** The transactions as a CSV file, amounts in dollars (numbers, never formulas). */
export function transactionsCsv(lines: Transaction[]): string {
  const header = ["Date", "Type", "Description", "Order", "Gross", "Fee", "Amount", "Currency"];
  const body = lines.map((t) =>
    [
      csvField(t.occurredAt),
      csvField(t.kind),
      csvField(t.description),
      csvField(t.orderNumber),
      dollars(t.grossCents) ?? "",
      dollars(t.feeCents) ?? "",
      dollars(t.amountCents) ?? "",
      "USD",
    ].join(","),
  );
  return `${[header.join(","), ...body].join("\r\n")}\r\n`;
}

/** GET /api/my/payments/statements/{month}: month is YYYY-MM (validated by the route). */
export async function monthlyStatement(
  db: Db,
  sellerId: string,
  month: string,
): Promise<Statement> {
  const start = new Date(`${month}-01T00:00:00.000Z`);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const availableBefore = async (at: Date) => {
    const [row] = await rows<{ total: string | number | null }>(
      db,
      sql`select sum(amount_cents) as total from ledger_entries
          where seller_id = ${sellerId} and account = 'seller_available'
            and occurred_at < ${at.toISOString()}`,
    );
    return Number(row?.total ?? 0);
  };
  const last = new Date(end.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const transactions = await allTransactions(db, sellerId, { from: `${month}-01`, to: last });
  // Each total is its effect on the seller's money (negative takes it away), so they add up to
  // the sum of the lines: a sale's gross is under sales and its fee under fees.
  let salesCents = 0;
  let feesCents = 0;
  let refundsCents = 0;
  let payoutsCents = 0;
  let adjustmentsCents = 0;
  for (const t of transactions) {
    if (t.kind === "sale") {
      salesCents += t.grossCents ?? t.amountCents;
      feesCents -= t.feeCents ?? 0;
    } else if (t.kind === "fee") feesCents += t.amountCents;
    else if (t.kind === "refund") refundsCents += t.amountCents;
    else if (t.kind === "payout") payoutsCents += t.amountCents;
    else adjustmentsCents += t.amountCents;
  }
  return {
    month,
    openingAvailableCents: await availableBefore(start),
    closingAvailableCents: await availableBefore(end),
    salesCents,
    feesCents,
    refundsCents,
    payoutsCents,
    adjustmentsCents,
    transactions: transactions.reverse(),
  };
}

/**
 * "You earn" of the seller's part of each of these orders, from the same journals as the
 * transactions: the sale and its fee from the sale journal, each refund's share of the sale and
 * the fee it gave back from the refund journals of this seller's part. Orders with no sale posted
 * (awaiting payment, or paid before the ledger) are absent.
 */
export async function earningsOfSales(
  db: Db,
  sellerId: string,
  orderIds: readonly string[],
): Promise<Map<string, SaleEarnings>> {
  const earnings = new Map<string, SaleEarnings>();
  if (orderIds.length === 0) return earnings;
  const found = await rows<{
    orderId: string;
    sale: string | number | null;
    fee: string | number | null;
    sellerRefund: string | number | null;
    feeReturned: string | number | null;
    net: string | number | null;
  }>(
    db,
    sql`select j.order_id as "orderId",
          sum(e.amount_cents) filter (where j.purpose = 'sale' and e.kind = 'sale'
            and e.seller_id = ${sellerId}) as sale,
          -sum(e.amount_cents) filter (where j.purpose = 'sale' and e.kind = 'fee'
            and e.seller_id = ${sellerId}) as fee,
          -sum(e.amount_cents) filter (where j.purpose = ${`refund:${sellerId}`}
            and e.seller_id = ${sellerId}) as "sellerRefund",
          -sum(e.amount_cents) filter (where j.purpose = ${`refund:${sellerId}`}
            and e.account = 'fee_revenue_final_value') as "feeReturned",
          sum(e.amount_cents) filter (where e.seller_id = ${sellerId}) as net
        from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.order_id in (${uuidList(orderIds)})
          and (j.purpose = 'sale' or j.purpose = ${`refund:${sellerId}`}
               or (j.source_kind = 'seller_sale' and e.seller_id = ${sellerId}))
        group by j.order_id`,
  );
  for (const row of found) {
    if (row.sale === null) continue;
    const feeReturned = Number(row.feeReturned ?? 0);
    earnings.set(row.orderId, {
      saleCents: Number(row.sale),
      feeCents: Number(row.fee ?? 0),
      // The seller's entries carry the refund less the fee given back: add it back for the
      // refund itself, so the lines read sale - fee - refunded + fee returned = net.
      refundedCents: Number(row.sellerRefund ?? 0) + feeReturned,
      feeReturnedCents: feeReturned,
      netCents: Number(row.net ?? 0),
    });
  }
  return earnings;
}
