import { sql } from "drizzle-orm";
import type {
  AdminHold,
  AdminPayoutPage,
  NegativeBalance,
  OrderLedger,
  Revenue,
  RevenueQuery,
} from "../../../core/contracts/admin-money";
import type { LedgerAccount } from "../../../core/ledger";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { badRequest, notFound } from "../../errors";

// The admin area's money pages: every figure is a sum of ledger entries (server/modules/ledger),
// read, never stored. Staff only (admin.routes.ts checks it before anything runs).

const DAY = 86_400_000;
/** The longest range the revenue page sums by day (by month it may be longer). */
const MAX_DAYS_BY_DAY = 366;
const MAX_DAYS_BY_MONTH = 3_660;

/** Fee revenue by kind per day or month (UTC) between two inclusive dates. */
export async function platformRevenue(db: Db, query: RevenueQuery, now: Date): Promise<Revenue> {
  const today = now.toISOString().slice(0, 10);
  const to = query.to ?? today;
  const from = query.from ?? new Date(Date.parse(to) - 29 * DAY).toISOString().slice(0, 10);
  const days = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  if (days < 1) throw badRequest("from must be on or before to", { from: "After to" });
  const max = query.by === "day" ? MAX_DAYS_BY_DAY : MAX_DAYS_BY_MONTH;
  if (days > max)
    throw badRequest(
      query.by === "day"
        ? `Choose at most ${MAX_DAYS_BY_DAY} days, or show by month`
        : "Choose at most ten years",
      { from: "Range too long" },
    );
  const unit = sql.raw(query.by === "day" ? "'day'" : "'month'");
  const format = sql.raw(query.by === "day" ? "'YYYY-MM-DD'" : "'YYYY-MM'");
  const found = await rows<{
    period: string;
    finalValue: string | number;
    insertion: string | number;
    upgrades: string | number;
    disputes: string | number;
  }>(
    db,
    sql`select to_char(date_trunc(${unit}, occurred_at at time zone 'UTC'), ${format}) as period,
          coalesce(sum(amount_cents) filter (where account = 'fee_revenue_final_value'), 0) as "finalValue",
          coalesce(sum(amount_cents) filter (where account = 'fee_revenue_insertion'), 0) as insertion,
          coalesce(sum(amount_cents) filter (where account = 'fee_revenue_upgrades'), 0) as upgrades,
          coalesce(sum(amount_cents) filter (where account = 'fee_revenue_disputes'), 0) as disputes
        from ledger_entries
        where account in ('fee_revenue_final_value', 'fee_revenue_insertion', 'fee_revenue_upgrades',
                          'fee_revenue_disputes')
          and occurred_at >= ${from}::date and occurred_at < ${to}::date + 1
        group by 1 order by 1`,
  );
  const list = found.map((r) => {
    const finalValueCents = Number(r.finalValue);
    const insertionCents = Number(r.insertion);
    const upgradesCents = Number(r.upgrades);
    const disputesCents = Number(r.disputes);
    return {
      period: r.period,
      finalValueCents,
      insertionCents,
      upgradesCents,
      disputesCents,
      totalCents: finalValueCents + insertionCents + upgradesCents + disputesCents,
    };
  });
  const totals = list.reduce(
    (sum, r) => ({
      finalValueCents: sum.finalValueCents + r.finalValueCents,
      insertionCents: sum.insertionCents + r.insertionCents,
      upgradesCents: sum.upgradesCents + r.upgradesCents,
      disputesCents: sum.disputesCents + r.disputesCents,
      totalCents: sum.totalCents + r.totalCents,
    }),
    { finalValueCents: 0, insertionCents: 0, upgradesCents: 0, disputesCents: 0, totalCents: 0 },
  );
  return { from, to, by: query.by, rows: list, totals };
}

const PAYOUT_PAGE_SIZE = 50;

/** Every payout, failed ones first (they need someone), then newest first. */
export async function listAdminPayouts(db: Db, page: number): Promise<AdminPayoutPage> {
  const [count] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from payouts`,
  );
  const found = await rows<{
    id: string;
    sellerId: string;
    username: string;
    amountCents: number;
    currency: string;
    status: "sending" | "in_transit" | "paid" | "failed";
    provider: string;
    bankLast4: string | null;
    createdAt: Date | string;
    arrivalDate: Date | string | null;
    failureReason: string | null;
    held: boolean;
  }>(
    db,
    sql`select p.id, p.seller_id as "sellerId", u.username, p.amount_cents as "amountCents",
          p.currency, p.status, p.provider, p.bank_last4 as "bankLast4", p.created_at as "createdAt",
          p.arrival_date as "arrivalDate", p.failure_reason as "failureReason",
          coalesce(a.held_at is not null, false) as held
        from payouts p join users u on u.id = p.seller_id
        left join payout_accounts a on a.seller_id = p.seller_id
        order by (p.status = 'failed') desc, p.created_at desc, p.id
        limit ${PAYOUT_PAGE_SIZE} offset ${(page - 1) * PAYOUT_PAGE_SIZE}`,
  );
  return {
    payouts: found.map((p) => ({
      id: p.id,
      seller: { id: p.sellerId, username: p.username },
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status,
      provider: p.provider,
      bankLast4: p.bankLast4,
      createdAt: isoTime(p.createdAt),
      arrivalDate: p.arrivalDate ? isoTime(p.arrivalDate) : null,
      failureReason: p.failureReason,
      sellerHeld: p.held,
    })),
    total: count?.total ?? 0,
    page,
    pageSize: PAYOUT_PAGE_SIZE,
  };
}

/** Sellers whose payouts an admin holds, longest held first, with what waits on hold. */
export async function listHolds(db: Db): Promise<{ holds: AdminHold[] }> {
  const found = await rows<{
    sellerId: string;
    username: string;
    reason: string;
    since: Date | string;
    heldBy: string | null;
    onHold: string | number;
    available: string | number;
  }>(
    db,
    sql`select a.seller_id as "sellerId", u.username, a.hold_reason as reason, a.held_at as since,
          h.username as "heldBy",
          coalesce((select sum(e.amount_cents) from ledger_entries e
            where e.seller_id = a.seller_id and e.account = 'seller_on_hold'), 0) as "onHold",
          coalesce((select sum(e.amount_cents) from ledger_entries e
            where e.seller_id = a.seller_id and e.account = 'seller_available'), 0) as available
        from payout_accounts a join users u on u.id = a.seller_id
        left join users h on h.id = a.held_by
        where a.held_at is not null
        order by a.held_at, a.seller_id`,
  );
  return {
    holds: found.map((h) => ({
      seller: { id: h.sellerId, username: h.username },
      reason: h.reason,
      since: isoTime(h.since),
      heldBy: h.heldBy,
      onHoldCents: Number(h.onHold),
      availableCents: Number(h.available),
    })),
  };
}

/** Sellers who owe the platform (refunds after their money was paid out), most owed first. */
export async function listNegativeBalances(db: Db): Promise<{ sellers: NegativeBalance[] }> {
  const found = await rows<{
    sellerId: string;
    username: string;
    available: string | number;
    pending: string | number;
    held: boolean;
  }>(
    db,
    sql`select b.seller_id as "sellerId", u.username, b.available, b.pending,
          coalesce(a.held_at is not null, false) as held
        from (select seller_id,
                sum(amount_cents) filter (where account = 'seller_available') as available,
                coalesce(sum(amount_cents) filter (where account = 'seller_pending'), 0) as pending
              from ledger_entries where seller_id is not null
              group by seller_id) b
        join users u on u.id = b.seller_id
        left join payout_accounts a on a.seller_id = b.seller_id
        where b.available < 0
        order by b.available, b.seller_id
        limit 500`,
  );
  return {
    sellers: found.map((s) => ({
      seller: { id: s.sellerId, username: s.username },
      availableCents: Number(s.available),
      pendingCents: Number(s.pending),
      held: s.held,
    })),
  };
}

/** Every journal of one order (its sale, releases, refunds) with its entries; 404 if no order. */
export async function orderLedger(db: Db, orderId: string): Promise<OrderLedger> {
  const [order] = await rows<{ id: string }>(db, sql`select id from orders where id = ${orderId}`);
  if (!order) throw notFound("No such order.");
  const found = await rows<{
    journalId: string;
    sourceKind: string;
    sourceId: string;
    purpose: string;
    occurredAt: Date | string;
    memo: string;
    account: LedgerAccount;
    sellerId: string | null;
    username: string | null;
    amountCents: string | number;
    currency: string;
    kind: string;
  }>(
    db,
    sql`select j.id as "journalId", j.source_kind as "sourceKind", j.source_id as "sourceId",
          j.purpose, j.occurred_at as "occurredAt", j.memo, e.account, e.seller_id as "sellerId",
          u.username, e.amount_cents as "amountCents", e.currency, e.kind
        from ledger_journals j join ledger_entries e on e.journal_id = j.id
        left join users u on u.id = e.seller_id
        where j.order_id = ${orderId}
        -- In the order they were posted: at one moment (a refund recorded and sent together),
        -- entries' ids tell which came first.
        order by j.occurred_at, min(e.id) over (partition by j.id), e.id`,
  );
  const journals: OrderLedger["journals"] = [];
  for (const r of found) {
    let journal = journals[journals.length - 1];
    if (!journal || journal.id !== r.journalId) {
      journal = {
        id: r.journalId,
        sourceKind: r.sourceKind,
        sourceId: r.sourceId,
        purpose: r.purpose,
        occurredAt: isoTime(r.occurredAt),
        memo: r.memo,
        entries: [],
      };
      journals.push(journal);
    }
    journal.entries.push({
      account: r.account,
      seller: r.sellerId ? { id: r.sellerId, username: r.username ?? "" } : null,
      amountCents: Number(r.amountCents),
      currency: r.currency,
      kind: r.kind,
    });
  }
  return { orderId, journals };
}
