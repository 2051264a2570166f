import { sql } from "drizzle-orm";
import { carrierName, trackingUrl } from "../../../core/carriers";
import { orderNumber } from "../../../core/cart";
import type { OrderDetails, OrderEvent, OrderEventKind } from "../../../core/contracts/buying";
import { WORLD_DESTINATION, WORLD_DESTINATION_NAME } from "../../../core/delivery";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { orderViewer } from "../order-access/order-access.policy";
import { getOrder, IN_SALES, salesOfOrder } from "./orders.service";

interface EventRow {
  kind: OrderEventKind;
  at: Date | string;
  sellerId: string | null;
  seller: string | null;
  amountCents: number | null;
  carrier: string | null;
  trackingNumber: string | null;
  rating: OrderEvent["rating"];
  note: string | null;
}

/**
 * Every event of the order, oldest first, read from the rows that record them (no event table:
 * the order, its shipments, cancellation requests, refunds, late flags and feedback already say
 * when each thing happened). `sellerId`: only that seller's part, and the whole order's events.
 * Same-instant events keep their natural order (paid before shipped, issued before refunded).
 */
async function orderTimeline(db: Db, orderId: string, sellerId: string | null) {
  const found = await rows<EventRow>(
    db,
    sql`with e as (
          select 'placed' as kind, o.created_at as at, null::uuid as seller_id, null::int as amount,
            null as carrier, null as tracking, null as rating, null as note, 0 as rank
          from orders o where o.id = ${orderId}
          union all
          select 'paid', o.paid_at, null, null, null, null, null, null, 1
          from orders o where o.id = ${orderId} and o.paid_at is not null
          union all
          select o.status::text, (select max(ps.ended_at) from payment_sessions ps where ps.order_id = o.id),
            null, null, null, null, null, null, 9
          from orders o where o.id = ${orderId} and o.status in ('cancelled', 'expired')
          union all
          select 'late_shipment', f.flagged_at, f.seller_id, null, null, null, null, null, 2
          from late_shipment_flags f where f.order_id = ${orderId}
          union all
          select case s.method when 'pickup' then 'ready_for_pickup' else 'shipped' end, s.shipped_at,
            s.seller_id, null, s.carrier, s.tracking_number, null, null, 3
          from shipments s where s.order_id = ${orderId}
          union all
          select 'received', s.received_at, s.seller_id, null, null, null, null, null, 4
          from shipments s where s.order_id = ${orderId} and s.received_at is not null
          union all
          select 'cancellation_requested', c.created_at, c.seller_id, null, null, null, null,
            nullif(c.reason, ''), 2
          from cancellation_requests c where c.order_id = ${orderId}
          union all
          select 'cancellation_' || c.status, c.answered_at, c.seller_id, null, null, null, null, null, 3
          from cancellation_requests c
          where c.order_id = ${orderId} and c.answered_at is not null and c.status <> 'requested'
          union all
          -- Staff's reason is the buyer's to read; the marketplace's own refunds say why by kind.
          select 'refund_issued', r.created_at, r.seller_id, r.amount_cents, null, null, null,
            case when r.issued_by is not null then r.reason end, 5
          from refunds r where r.order_id = ${orderId}
          union all
          select case r.status when 'succeeded' then 'refunded' else 'refund_failed' end, r.settled_at,
            r.seller_id, r.amount_cents, null, null, null, null, 6
          from refunds r where r.order_id = ${orderId} and r.settled_at is not null
          union all
          -- Returns, missing parcels and their cases (decision 0023): one branch per step.
          select case a.kind when 'return' then 'return_opened' else 'not_received_opened' end,
            a.created_at, a.seller_id, null, null, null, null, a.details, 2
          from after_sale_requests a where a.order_id = ${orderId}
          union all
          select 'request_' || a.answer, a.answered_at, a.seller_id, a.offer_cents,
            case when a.answer = 'tracking' then a.carrier end,
            case when a.answer = 'tracking' then a.tracking_number end, null, a.answer_note, 3
          from after_sale_requests a
          where a.order_id = ${orderId} and a.answered_at is not null and a.answer <> 'refunded'
          union all
          select 'return_shipped', a.shipped_back_at, a.seller_id, null, a.carrier,
            a.tracking_number, null, null, 3
          from after_sale_requests a where a.order_id = ${orderId} and a.shipped_back_at is not null
          union all
          select 'request_escalated', a.escalated_at, a.seller_id, null, null, null, null, null, 3
          from after_sale_requests a where a.order_id = ${orderId} and a.escalated_at is not null
          union all
          select 'case_decided', a.decided_at, a.seller_id, a.decision_cents, null, null, null,
            a.decision_reason, 4
          from after_sale_requests a where a.order_id = ${orderId} and a.decided_at is not null
          union all
          -- Feedback as first left: a revision keeps the rating it replaced on its request row.
          select 'feedback_from_' || f.author_role, f.created_at, ol.seller_id, null, null, null,
            coalesce(rr.previous_rating, f.rating), null, 7
          from feedback f join order_lines ol on ol.id = f.order_line_id
          left join feedback_revision_requests rr on rr.feedback_id = f.id
          where ol.order_id = ${orderId}
          union all
          select 'feedback_revision_requested', rr.created_at, ol.seller_id, null, null, null, null,
            nullif(rr.message, ''), 8
          from feedback_revision_requests rr join feedback f on f.id = rr.feedback_id
          join order_lines ol on ol.id = f.order_line_id where ol.order_id = ${orderId}
          union all
          select 'feedback_revised', rr.revised_at, ol.seller_id, null, null, null, f.rating, null, 8
          from feedback_revision_requests rr join feedback f on f.id = rr.feedback_id
          join order_lines ol on ol.id = f.order_line_id
          where ol.order_id = ${orderId} and rr.revised_at is not null
          union all
          select 'feedback_removed', f.removed_at, ol.seller_id, null, null, null, null, f.removal_reason, 8
          from feedback f join order_lines ol on ol.id = f.order_line_id
          where ol.order_id = ${orderId} and f.removed_at is not null
        )
        select e.kind, e.at, e.seller_id as "sellerId", u.username as seller, e.amount as "amountCents",
          e.carrier, e.tracking as "trackingNumber", e.rating, e.note
        from e left join users u on u.id = e.seller_id
        where e.at is not null
          and (${sellerId}::uuid is null or e.seller_id is null or e.seller_id = ${sellerId}::uuid)
        order by e.at, e.rank`,
  );
  return found.map(
    (e): OrderEvent => ({
      kind: e.kind,
      at: isoTime(e.at),
      seller: e.sellerId && e.seller ? { id: e.sellerId, username: e.seller } : null,
      amountCents: e.amountCents,
      carrierName: e.carrier ? carrierName(e.carrier) : null,
      trackingNumber: e.trackingNumber,
      trackingUrl: e.carrier && e.trackingNumber ? trackingUrl(e.carrier, e.trackingNumber) : null,
      rating: e.rating,
      note: e.note,
    }),
  );
}

/**
 * The order page (/orders/{id}) for its buyer or one of its sellers: the buyer sees the whole
 * order as Purchase History does, a seller their lines as Selling does; both see the timeline
 * (a seller only of their part). Anyone else gets 404 (order-access policy).
 */
export async function getOrderDetails(
  db: Db,
  userId: string,
  orderId: string,
): Promise<OrderDetails> {
  const [found] = await rows<{
    status: OrderDetails["status"];
    source: OrderDetails["source"];
    createdAt: Date | string;
    paidAt: Date | string | null;
    buyerId: string;
    buyer: string;
    deliverTo: string | null;
    deliverToName: string | null;
    sellsIn: boolean;
  }>(
    db,
    sql`select o.status, o.source, o.created_at as "createdAt", o.paid_at as "paidAt",
          o.buyer_id as "buyerId", b.username as buyer, o.deliver_to as "deliverTo",
          case when o.deliver_to = ${WORLD_DESTINATION} then ${WORLD_DESTINATION_NAME} else t.name end
            as "deliverToName",
          (${IN_SALES} and exists (select 1 from order_lines ol
            where ol.order_id = o.id and ol.seller_id = ${userId})) as "sellsIn"
        from orders o join users b on b.id = o.buyer_id
        left join territories t on t.slug = o.deliver_to
        where o.id = ${orderId}`,
  );
  const viewer = orderViewer(found, userId);
  const order = found as NonNullable<typeof found>;
  return {
    id: orderId,
    number: orderNumber(orderId),
    status: order.status,
    source: order.source,
    createdAt: isoTime(order.createdAt),
    paidAt: order.paidAt ? isoTime(order.paidAt) : null,
    viewer,
    buyer: { id: order.buyerId, username: order.buyer },
    deliverTo:
      order.deliverTo && order.deliverToName
        ? { slug: order.deliverTo, name: order.deliverToName }
        : null,
    purchase: viewer === "buyer" ? await getOrder(db, userId, orderId) : null,
    sales: viewer === "seller" ? await salesOfOrder(db, userId, orderId) : [],
    timeline: await orderTimeline(db, orderId, viewer === "seller" ? userId : null),
  };
}
