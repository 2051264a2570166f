import { sql } from "drizzle-orm";
import { addBusinessDays } from "../../../core/business-days";
import { orderNumber } from "../../../core/cart";
import { HANDLING_TIME_BUSINESS_DAYS } from "../../../core/contracts/shipping";
import { notificationText } from "../../../core/notifications";
import { orderLink } from "../../../core/order-links";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { notify } from "../notifications/notifications.service";

/** Orders paid longer ago than this are not flagged any more: the flag is a nudge, not a record. */
const LOOKBACK_DAYS = 30;
/** At most this many parts are flagged per run; the next run takes the rest. */
const BATCH = 200;

/**
 * Flags each seller's part of a paid order not marked shipped within the handling time (3
 * business days after payment) and tells both the seller and the buyer, once. Safe on several
 * instances at once: the flag's primary key decides who tells, since only the insert that
 * stores the flag (on conflict do nothing ... returning) stores the notifications, in the same
 * transaction. Answers how many parts it flagged.
 */
export async function flagLateShipments(db: Db, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  // Three business days are at least three calendar days: the query narrows by that, and the
  // weekday rule (core's addBusinessDays) decides the rest.
  const candidates = await rows<{ orderId: string; sellerId: string; paidAt: Date | string }>(
    db,
    sql`select o.id as "orderId", ol.seller_id as "sellerId", o.paid_at as "paidAt"
        from orders o join order_lines ol on ol.order_id = o.id
        where o.status = 'paid'
          and o.paid_at <= ${at}::timestamptz - make_interval(days => ${HANDLING_TIME_BUSINESS_DAYS})
          and o.paid_at > ${at}::timestamptz - make_interval(days => ${LOOKBACK_DAYS})
          and not exists (select 1 from shipments s
            where s.order_id = o.id and s.seller_id = ol.seller_id)
          and not exists (select 1 from late_shipment_flags f
            where f.order_id = o.id and f.seller_id = ol.seller_id)
          and not exists (select 1 from cancellation_requests c
            where c.order_id = o.id and c.seller_id = ol.seller_id and c.status = 'accepted')
        group by o.id, ol.seller_id, o.paid_at
        order by o.paid_at
        limit ${BATCH}`,
  );
  const late = candidates.filter(
    (c) => addBusinessDays(new Date(c.paidAt), HANDLING_TIME_BUSINESS_DAYS) <= now,
  );
  if (late.length === 0) return 0;

  return db.transaction(async (tx) => {
    const values = sql.join(
      late.map((c) => sql`(${c.orderId}::uuid, ${c.sellerId}::uuid)`),
      sql`, `,
    );
    // Shipped since the read above: not late after all.
    const flagged = await rows<{ orderId: string; sellerId: string; buyerId: string }>(
      tx,
      sql`with v(order_id, seller_id) as (values ${values}),
          inserted as (
            insert into late_shipment_flags (order_id, seller_id)
            select v.order_id, v.seller_id from v
            where not exists (select 1 from shipments s
              where s.order_id = v.order_id and s.seller_id = v.seller_id)
            on conflict do nothing
            returning order_id, seller_id)
          select i.order_id as "orderId", i.seller_id as "sellerId", o.buyer_id as "buyerId"
          from inserted i join orders o on o.id = i.order_id`,
    );
    await notify(
      tx,
      flagged.flatMap((f) => {
        const number = orderNumber(f.orderId);
        return [
          {
            userId: f.sellerId,
            kind: "shipping_late" as const,
            message: notificationText("shipping_late", { number, seller: true }),
            link: orderLink(f.orderId),
            orderId: f.orderId,
          },
          {
            userId: f.buyerId,
            kind: "shipping_late" as const,
            message: notificationText("shipping_late", { number, seller: false }),
            link: orderLink(f.orderId),
            orderId: f.orderId,
          },
        ];
      }),
    );
    return flagged.length;
  });
}
