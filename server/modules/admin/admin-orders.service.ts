import { type SQL, sql } from "drizzle-orm";
import { orderNumber } from "../../../core/cart";
import type { AdminOrderDetail } from "../../../core/contracts/admin";
import { ERROR_CODES } from "../../../core/errors";
import { formatMoney } from "../../../core/money";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { notFound, ruleBroken } from "../../errors";
import {
  lockRefundable,
  type RefundDeps,
  recordRefund,
  sendRefund,
} from "../cancellations/refunds.service";
import { recordAdminAction } from "../staff/audit-log";
import type { Staff } from "../staff/staff.policy";
import { likePattern } from "./admin-users.service";

interface OrderRow {
  id: string;
  status: string;
  totalCents: number;
  buyerId: string;
  buyer: string;
  createdAt: Date | string;
}

const ORDER_COLUMNS = sql`o.id, o.status::text as status, o.total_cents as "totalCents",
  u.id as "buyerId", u.username as buyer, o.created_at as "createdAt"`;

const toOrder = (o: OrderRow) => ({
  id: o.id,
  number: orderNumber(o.id),
  status: o.status,
  totalCents: o.totalCents,
  buyer: { id: o.buyerId, username: o.buyer },
  createdAt: isoTime(o.createdAt),
});

/**
 * Orders whose number (the first characters of the id) starts with `q`, or whose buyer's email
 * contains it; all when blank. Newest first.
 */
export async function listAdminOrders(
  db: Db,
  query: { q: string; page: number; pageSize: number },
) {
  const q = query.q.replace(/^#/, "");
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where: SQL = q
    ? sql`(o.id::text like ${prefix} or u.email ilike ${likePattern(q)})`
    : sql`true`;
  const [count] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from orders o join users u on u.id = o.buyer_id where ${where}`,
  );
  const found = await rows<OrderRow>(
    db,
    sql`select ${ORDER_COLUMNS} from orders o join users u on u.id = o.buyer_id where ${where}
        order by o.created_at desc, o.id
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return {
    items: found.map(toOrder),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * What can still be refunded: a paid order's total minus its refunds that did not fail (pending
 * ones count: they are on their way). Nothing for an order that was never paid.
 */
const REFUNDABLE = sql`case when o.status = 'paid' then o.total_cents - coalesce(
    (select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status <> 'failed'), 0)
  else 0 end`;

/**
 * An order with its lines, its payment history and its refunds. The history is built from the
 * order's payment sessions (opened, then completed, expired or cancelled) and refunds: the
 * provider's webhook events are recorded only by their own ids, for replay protection, and name
 * no order.
 */
export async function getAdminOrder(db: Db, orderId: string): Promise<AdminOrderDetail> {
  const [order] = await rows<OrderRow & { refundableCents: number }>(
    db,
    sql`select ${ORDER_COLUMNS}, (${REFUNDABLE})::int as "refundableCents"
        from orders o join users u on u.id = o.buyer_id where o.id = ${orderId}`,
  );
  if (!order) throw notFound("There is no such order.", ERROR_CODES.orderNotFound);
  const lines = await rows<{
    listingId: string | null;
    title: string;
    quantity: number;
    unitPriceCents: number;
    sellerUsername: string;
  }>(
    db,
    sql`select ol.listing_id as "listingId", ol.title, ol.quantity,
          ol.unit_price_cents as "unitPriceCents", s.username as "sellerUsername"
        from order_lines ol join users s on s.id = ol.seller_id
        where ol.order_id = ${orderId} order by ol.title, ol.id`,
  );
  const sessions = await rows<{
    id: string;
    provider: string;
    providerSessionId: string | null;
    providerPaymentId: string | null;
    status: string;
    createdAt: Date | string;
    endedAt: Date | string | null;
  }>(
    db,
    sql`select id, provider, provider_session_id as "providerSessionId",
          provider_payment_id as "providerPaymentId", status::text as status,
          created_at as "createdAt", ended_at as "endedAt"
        from payment_sessions where order_id = ${orderId} order by created_at, id`,
  );
  const refunds = await rows<{
    id: string;
    amountCents: number;
    reason: string;
    status: string;
    provider: string;
    providerRefundId: string | null;
    issuedBy: string | null;
    createdAt: Date | string;
    settledAt: Date | string | null;
  }>(
    db,
    sql`select r.id, r.amount_cents as "amountCents", r.reason, r.status, r.provider,
          r.provider_refund_id as "providerRefundId", i.username as "issuedBy",
          r.created_at as "createdAt", r.settled_at as "settledAt"
        from refunds r left join users i on i.id = r.issued_by
        where r.order_id = ${orderId} order by r.created_at, r.id`,
  );

  const events: AdminOrderDetail["paymentEvents"] = [];
  for (const s of sessions) {
    events.push({
      id: `${s.id}:opened`,
      type: "checkout.opened",
      createdAt: isoTime(s.createdAt),
      detail: `${s.provider} checkout${s.providerSessionId ? ` ${s.providerSessionId}` : ""}`,
    });
    if (s.endedAt && s.status !== "open") {
      events.push({
        id: `${s.id}:${s.status}`,
        type: `checkout.${s.status}`,
        createdAt: isoTime(s.endedAt),
        detail:
          s.status === "complete"
            ? `Paid ${formatMoney(order.totalCents)}${s.providerPaymentId ? ` (payment ${s.providerPaymentId})` : ""}`
            : s.status === "expired"
              ? "The checkout lapsed unpaid"
              : "The checkout was cancelled",
      });
    }
  }
  for (const r of refunds) {
    events.push({
      id: `${r.id}:requested`,
      type: "refund.requested",
      createdAt: isoTime(r.createdAt),
      detail: `${formatMoney(r.amountCents)} by ${r.issuedBy ?? "the marketplace"}: ${r.reason}`,
    });
    if (r.settledAt && r.status !== "pending") {
      events.push({
        id: `${r.id}:${r.status}`,
        type: `refund.${r.status}`,
        createdAt: isoTime(r.settledAt),
        detail:
          r.status === "succeeded"
            ? `${formatMoney(r.amountCents)} refunded through ${r.provider}${r.providerRefundId ? ` (${r.providerRefundId})` : ""}`
            : `${r.provider} refused the refund; refund by hand`,
      });
    }
  }
  events.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  return {
    ...toOrder(order),
    lines,
    paymentEvents: events,
    refunds: refunds.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      reason: r.reason,
      status: r.status,
      createdAt: isoTime(r.createdAt),
    })),
    refundableCents: order.refundableCents,
  };
}

/**
 * An admin refunds an order, whole (what is left to refund) or in part: a pending `refunds` row
 * naming the admin and the audit entry commit together, under the order's row lock
 * (`lockRefundable`), so two refunds at once, or a refund and a seller's accepted cancellation,
 * cannot both spend the same remainder; the refunds job's `sendRefund` then sends it through the
 * payment provider at once, and retries later if the provider fails, and tells the buyer and the
 * sellers when it went through.
 */
export async function refundOrder(
  deps: RefundDeps,
  actor: Staff,
  orderId: string,
  input: { reason: string; amountCents?: number },
): Promise<AdminOrderDetail> {
  const refundId = await deps.db.transaction(async (tx) => {
    const order = await lockRefundable(tx, orderId);
    if (!order) throw notFound("There is no such order.", ERROR_CODES.orderNotFound);
    if (order.status !== "paid")
      throw ruleBroken(ERROR_CODES.refundNotAllowed, "Nothing was paid on this order.");
    const refundableCents = order.totalCents - order.refundedCents;
    if (refundableCents <= 0)
      throw ruleBroken(ERROR_CODES.refundNotAllowed, "This order has been refunded in full.");
    const amountCents = input.amountCents ?? refundableCents;
    if (amountCents > refundableCents)
      throw ruleBroken(
        ERROR_CODES.refundNotAllowed,
        `At most ${formatMoney(refundableCents)} can be refunded on this order.`,
        { amountCents: `At most ${formatMoney(refundableCents)}` },
      );
    const id = await recordRefund(tx, {
      orderId,
      sellerId: null,
      amountCents,
      reason: input.reason,
      provider: order.paidWith ?? deps.provider.id,
      issuedBy: actor.id,
      now: deps.clock?.now(),
    });
    if (!id) throw new Error("refund insert returned nothing");
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: "order.refund",
      subjectKind: "order",
      subjectId: orderId,
      reason: input.reason,
      before: { refundableCents },
      after: { refundId: id, amountCents, refundableCents: refundableCents - amountCents },
    });
    return id;
  });
  // After the commit, as the cancellations do: a failure here leaves the row pending for the job.
  await sendRefund(deps, refundId);
  return getAdminOrder(deps.db, orderId);
}
