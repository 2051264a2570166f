import { type SQL, sql } from "drizzle-orm";
import { partRefundCents } from "../../../core/cancellation";
import { orderNumber } from "../../../core/cart";
import {
  type CancellationPart,
  type CancellationRequestInput,
  cancellationRequestSchema,
  type OrderCancellation,
  type Refund,
  type SellerCancellations,
} from "../../../core/contracts/cancellations";
import { ERROR_CODES } from "../../../core/errors";
import { notificationText } from "../../../core/notifications";
import { orderLink } from "../../../core/order-links";
import type { Db } from "../../db/client";
import { isoTime, rows, uuidList } from "../../db/rows";
import { badRequest, conflict, ruleBroken } from "../../errors";
import { lockListings } from "../listings/listing-locks";
import { notify } from "../notifications/notifications.service";
import { assertBuyerOf } from "../order-access/order-access.policy";
import { statusForStock } from "../stock/listing-stock";
import { assertSellerOfRequest } from "./cancellations.policy";
import { lockRefundable, type RefundDeps, recordRefund, sendRefund } from "./refunds.service";

const shippedPart = (orderId: SQL | string, sellerId: SQL | string) =>
  sql`exists (select 1 from shipments sh where sh.order_id = ${orderId} and sh.seller_id = ${sellerId})`;

const SHIPPED_MESSAGE =
  "This part of the order has already shipped and can no longer be cancelled.";

/**
 * The buyer asks the seller of one part of a paid, unshipped order to cancel it (once per part),
 * with a reason; the seller is told. Called by POST /api/orders/{id}/cancel for a paid order (an
 * unpaid one is cancelled outright there). `input` is checked here too, since that route also
 * takes bodiless requests for unpaid orders.
 */
export async function requestCancellation(
  db: Db,
  buyerId: string,
  orderId: string,
  input: Partial<CancellationRequestInput> | undefined,
): Promise<{ orderId: string; sellerId: string }> {
  const parsed = cancellationRequestSchema.safeParse(input ?? {});
  return db.transaction(async (tx) => {
    const [order] = await rows<{ buyerId: string; status: string; buyer: string }>(
      tx,
      sql`select o.buyer_id as "buyerId", o.status, u.username as buyer
          from orders o join users u on u.id = o.buyer_id where o.id = ${orderId}
          for update of o`,
    );
    assertBuyerOf(order, buyerId);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "reason");
      const message = issue?.message ?? "Please tell the seller why you want to cancel.";
      throw badRequest(message, { [field]: message });
    }
    if (order.status !== "paid")
      throw ruleBroken(
        ERROR_CODES.orderNotCancellable,
        "Only a paid order that has not shipped can be cancelled this way.",
      );
    const sellers = (
      await rows<{ sellerId: string }>(
        tx,
        sql`select distinct seller_id as "sellerId" from order_lines where order_id = ${orderId}`,
      )
    ).map((s) => s.sellerId);
    const sellerId = parsed.data.sellerId ?? (sellers.length === 1 ? sellers[0] : undefined);
    if (!sellerId)
      throw badRequest("Choose which seller's items to cancel.", {
        sellerId: "Choose which seller's items to cancel.",
      });
    if (!sellers.includes(sellerId))
      throw ruleBroken(ERROR_CODES.orderNotCancellable, "That seller has nothing in this order.");
    const [shipped] = await rows<{ shipped: boolean }>(
      tx,
      sql`select ${shippedPart(orderId, sellerId)} as shipped`,
    );
    if (shipped?.shipped) throw ruleBroken(ERROR_CODES.cancellationAfterShipping, SHIPPED_MESSAGE);
    const inserted = await rows<{ id: string }>(
      tx,
      sql`insert into cancellation_requests (order_id, seller_id, reason)
          values (${orderId}, ${sellerId}, ${parsed.data.reason})
          on conflict (order_id, seller_id) do nothing returning id`,
    );
    if (inserted.length === 0)
      throw conflict(
        "You have already asked to cancel this order.",
        ERROR_CODES.cancellationExists,
      );
    const number = orderNumber(orderId);
    await notify(tx, [
      {
        userId: sellerId,
        kind: "cancellation_requested",
        message: notificationText("cancellation_requested", { buyer: order.buyer, number }),
        link: orderLink(orderId),
        orderId,
      },
    ]);
    return { orderId, sellerId };
  });
}

interface LockedRequest {
  id: string;
  sellerId: string;
  seller: string;
  status: string;
  buyerId: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The seller accepts or declines a buyer's request about their part of an order; only while it
 * is open, and accepting only while the part is unshipped.
 *
 * Accepting does, in one transaction: fixed-price stock returns, the request is accepted, a
 * pending refund of the part is written, the whole order is marked cancelled when no part is left,
 * and the buyer is told. The refund is then sent through the provider at once (the refunds job
 * retries it if the provider fails now).
 */
export async function answerCancellation(
  deps: RefundDeps,
  sellerId: string,
  orderId: string,
  accept: boolean,
): Promise<void> {
  const refundId = await deps.db.transaction(async (tx) => {
    // The order row too: it serialises this with another part's acceptance (the refund cap and
    // "last part" read the order's other refunds) and with a payment event for the order.
    const [request] = await rows<LockedRequest>(
      tx,
      sql`select cr.id, cr.seller_id as "sellerId", s.username as seller, cr.status,
            o.buyer_id as "buyerId", o.subtotal_cents as "subtotalCents", o.tax_cents as "taxCents",
            o.total_cents as "totalCents"
          from cancellation_requests cr join orders o on o.id = cr.order_id
          join users s on s.id = cr.seller_id
          where cr.order_id = ${orderId} and cr.seller_id = ${sellerId}
          for update of cr, o`,
    );
    assertSellerOfRequest(request, sellerId);
    if (request.status !== "requested")
      throw conflict(
        `This request was already ${request.status}.`,
        ERROR_CODES.cancellationAlreadyAnswered,
      );
    const number = orderNumber(orderId);
    const answer = async () => {
      await tx.execute(sql`update cancellation_requests
        set status = ${accept ? "accepted" : "declined"}, answered_at = now() where id = ${request.id}`);
      await notify(tx, [
        {
          userId: request.buyerId,
          kind: "cancellation_answered",
          message: notificationText("cancellation_answered", {
            seller: request.seller,
            number,
            accepted: accept,
          }),
          link: orderLink(orderId),
          orderId,
        },
      ]);
    };
    if (!accept) {
      await answer();
      return null;
    }

    const [shipped] = await rows<{ shipped: boolean }>(
      tx,
      sql`select ${shippedPart(orderId, sellerId)} as shipped`,
    );
    if (shipped?.shipped) throw ruleBroken(ERROR_CODES.cancellationAfterShipping, SHIPPED_MESSAGE);

    const lines = await rows<{
      listingId: string;
      quantity: number;
      unitPriceCents: number;
      shippingCents: number;
    }>(
      tx,
      sql`select listing_id as "listingId", quantity, unit_price_cents as "unitPriceCents",
            shipping_cents as "shippingCents"
          from order_lines where order_id = ${orderId} and seller_id = ${sellerId}`,
    );
    const listingIds = [...new Set(lines.map((l) => l.listingId))];
    await lockListings(tx, listingIds);
    // Units go back on sale. Not an auction's: that auction has ended (sold) and its one item
    // is the seller's to relist or not; reopening it would need a new end time and bids.
    for (const line of lines)
      await tx.execute(sql`update listings set quantity = quantity + ${line.quantity},
            status = ${statusForStock(sql`quantity + ${line.quantity}`)}, updated_at = now()
          where id = ${line.listingId} and kind <> 'auction'`);

    // Read under the order's lock, after it: an admin's refund that committed while this waited
    // is counted, so the part never takes more than is left.
    const refundable = await lockRefundable(tx, orderId);
    const [state] = await rows<{ othersLeft: number }>(
      tx,
      sql`select count(distinct ol.seller_id)::int as "othersLeft" from order_lines ol
          where ol.order_id = ${orderId} and ol.seller_id <> ${sellerId}
            and not exists (select 1 from cancellation_requests c where c.order_id = ol.order_id
              and c.seller_id = ol.seller_id and c.status = 'accepted')`,
    );
    const amountCents = partRefundCents({
      partSubtotalCents: lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0),
      partShippingCents: lines.reduce((s, l) => s + l.shippingCents, 0),
      order: request,
      refundedCents: refundable?.refundedCents ?? 0,
      lastPart: (state?.othersLeft ?? 0) === 0,
    });
    const id = await recordRefund(tx, {
      orderId,
      sellerId,
      amountCents,
      reason: "cancelled",
      provider: refundable?.paidWith ?? deps.provider.id,
      now: deps.clock?.now(),
    });
    // Nothing of the order is left to send: it reads "Cancelled" to both sides from now on.
    if ((state?.othersLeft ?? 0) === 0)
      await tx.execute(sql`update orders set status = 'cancelled' where id = ${orderId}`);
    await answer();
    return id;
  });
  if (refundId) await sendRefund(deps, refundId);
}

interface PartRow {
  orderId: string;
  sellerId: string;
  seller: string;
  buyerId: string;
  buyer: string;
  orderStatus: string;
  items: { title: string; quantity: number }[] | string;
  partSubtotalCents: number;
  partShippingCents: number;
  partCount: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  shipped: boolean;
  requestStatus: "requested" | "accepted" | "declined" | null;
  reason: string | null;
  requestedAt: Date | string | null;
  answeredAt: Date | string | null;
}

interface RefundRow {
  id: string;
  orderId: string;
  sellerId: string | null;
  amountCents: number;
  /** "cancelled", "unfillable", or the words of the admin who issued it (`issuedBy`). */
  reason: string;
  issuedBy: string | null;
  status: Refund["status"];
  createdAt: Date | string;
  settledAt: Date | string | null;
}

/**
 * Parts (one seller's lines of an order) of the lines `lines` picks (over `ol`), matching `where`
 * (over `p` parts, `o` orders and `cr` requests).
 */
async function loadParts(
  db: Db,
  lines: SQL,
  where: SQL,
  order: SQL,
  limit: number,
): Promise<PartRow[]> {
  return rows<PartRow>(
    db,
    sql`with p as (
          select ol.order_id, ol.seller_id,
            json_agg(json_build_object('title', ol.title, 'quantity', ol.quantity) order by ol.id) as items,
            sum(ol.unit_price_cents * ol.quantity)::int as subtotal, sum(ol.shipping_cents)::int as shipping
          from order_lines ol where ${lines} group by ol.order_id, ol.seller_id
        )
        select p.order_id as "orderId", p.seller_id as "sellerId", s.username as seller,
          o.buyer_id as "buyerId", b.username as buyer, o.status as "orderStatus", p.items,
          p.subtotal as "partSubtotalCents", p.shipping as "partShippingCents",
          (select count(distinct x.seller_id)::int from order_lines x where x.order_id = o.id) as "partCount",
          o.subtotal_cents as "subtotalCents", o.tax_cents as "taxCents", o.total_cents as "totalCents",
          ${shippedPart(sql`p.order_id`, sql`p.seller_id`)} as shipped,
          cr.status as "requestStatus", cr.reason, cr.created_at as "requestedAt",
          cr.answered_at as "answeredAt"
        from p join orders o on o.id = p.order_id
        join users s on s.id = p.seller_id join users b on b.id = o.buyer_id
        left join cancellation_requests cr on cr.order_id = p.order_id and cr.seller_id = p.seller_id
        where ${where}
        order by ${order}
        limit ${limit}`,
  );
}

async function loadRefunds(db: Db, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return rows<RefundRow>(
    db,
    sql`select id, order_id as "orderId", seller_id as "sellerId", amount_cents as "amountCents",
          reason, issued_by as "issuedBy", status, created_at as "createdAt", settled_at as "settledAt"
        from refunds where order_id in (${uuidList(orderIds)}) order by created_at`,
  );
}

const toRefund = (r: RefundRow): Refund => ({
  id: r.id,
  amountCents: r.amountCents,
  status: r.status,
  sellerId: r.sellerId,
  cause: r.issuedBy
    ? "staff"
    : r.reason === "unfillable"
      ? "unfillable"
      : r.reason === "return" || r.reason === "not_received"
        ? "return"
        : "cancellation",
  reason: r.issuedBy ? r.reason : null,
  createdAt: isoTime(r.createdAt),
  settledAt: r.settledAt ? isoTime(r.settledAt) : null,
});

function toPart(p: PartRow, refunds: RefundRow[]): CancellationPart {
  const refund = refunds.filter((r) => r.orderId === p.orderId && r.sellerId === p.sellerId).at(-1);
  const items = typeof p.items === "string" ? JSON.parse(p.items) : p.items;
  return {
    orderId: p.orderId,
    number: orderNumber(p.orderId),
    seller: { id: p.sellerId, username: p.seller },
    buyer: { id: p.buyerId, username: p.buyer },
    items,
    amountCents: refund
      ? refund.amountCents
      : partRefundCents({
          partSubtotalCents: p.partSubtotalCents,
          partShippingCents: p.partShippingCents,
          order: p,
          refundedCents: 0,
          lastPart: p.partCount === 1,
        }),
    shipped: p.shipped,
    request: p.requestStatus
      ? {
          status: p.requestStatus,
          reason: p.reason ?? "",
          createdAt: isoTime(p.requestedAt ?? new Date()),
          answeredAt: p.answeredAt ? isoTime(p.answeredAt) : null,
        }
      : null,
    refund: refund ? toRefund(refund) : null,
    canRequest: p.orderStatus === "paid" && !p.shipped && !p.requestStatus,
  };
}

/** An order's parts and refunds, for its buyer only (anyone else gets 404). */
export async function getOrderCancellation(
  db: Db,
  buyerId: string,
  orderId: string,
): Promise<OrderCancellation> {
  const [order] = await rows<{ buyerId: string }>(
    db,
    sql`select buyer_id as "buyerId" from orders where id = ${orderId}`,
  );
  assertBuyerOf(order, buyerId);
  const parts = await loadParts(db, sql`ol.order_id = ${orderId}`, sql`true`, sql`s.username`, 100);
  const refunds = await loadRefunds(db, [orderId]);
  return { parts: parts.map((p) => toPart(p, refunds)), refunds: refunds.map(toRefund) };
}

/** The requests buyers made to this seller: open ones first, then the latest answered. */
export async function listSellerCancellations(
  db: Db,
  sellerId: string,
): Promise<SellerCancellations> {
  const parts = await loadParts(
    db,
    sql`ol.seller_id = ${sellerId}`,
    sql`cr.id is not null`,
    sql`(cr.status = 'requested') desc, cr.created_at desc`,
    50,
  );
  const refunds = await loadRefunds(db, [...new Set(parts.map((p) => p.orderId))]);
  return { items: parts.map((p) => toPart(p, refunds)) };
}
