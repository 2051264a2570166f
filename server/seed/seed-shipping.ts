import { sql } from "drizzle-orm";
import { addBusinessDays } from "../../core/business-days";
import { HANDLING_TIME_BUSINESS_DAYS } from "../../core/contracts/shipping";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { shipments } from "../db/schema/after-sale";

const HOUR = 3_600_000;

/** Tracking numbers shaped as each carrier prints them, so the demo's links look real. */
const TRACKED: { carrier: string; number: (n: number) => string }[] = [
  { carrier: "ups", number: (n) => `1Z7W8A41${String(3_100_000_000 + n * 7919).slice(0, 10)}` },
  { carrier: "fedex", number: (n) => String(770_000_000_000 + n * 104_729) },
  { carrier: "dhl_express", number: (n) => String(4_200_000_000 + n * 15_485_863) },
  { carrier: "usps", number: (n) => `94001118992233${String(44_550_000 + n * 3571)}` },
  { carrier: "jamaica_post", number: (n) => `RR${String(480_000_000 + n * 9973)}JM` },
  { carrier: "amerijet", number: (n) => `810${String(52_000_000 + n * 7127)}` },
];

/**
 * Demo shipping, run inside the seed's transaction after the orders: every demo sale paid longer
 * ago than the handling time is shipped (with a carrier and tracking number, or ready for pickup
 * when its listing offers it) so the late-shipment job finds nothing to flag on a fresh demo, and
 * the oldest of them has been received. Sales still within the handling time stay unshipped, for
 * sellers to try Mark as shipped (and buyers to try cancelling). Parts with a cancellation request
 * are left alone.
 */
export async function seedDemoShipping(tx: Db, now: Date): Promise<void> {
  const parts = await rows<{
    orderId: string;
    sellerId: string;
    paidAt: Date | string;
    localPickup: boolean;
  }>(
    tx,
    sql`select o.id as "orderId", ol.seller_id as "sellerId", o.paid_at as "paidAt",
          bool_and(l.local_pickup) as "localPickup"
        from orders o join order_lines ol on ol.order_id = o.id join listings l on l.id = ol.listing_id
        where o.status = 'paid'
          and not exists (select 1 from shipments s
            where s.order_id = o.id and s.seller_id = ol.seller_id)
          and not exists (select 1 from cancellation_requests c
            where c.order_id = o.id and c.seller_id = ol.seller_id)
        group by o.id, ol.seller_id, o.paid_at
        order by o.paid_at, o.id, ol.seller_id`,
  );
  const due = parts.filter(
    (p) => addBusinessDays(new Date(p.paidAt), HANDLING_TIME_BUSINESS_DAYS) <= now,
  );
  if (due.length === 0) return;
  await tx.insert(shipments).values(
    due.map((p, i) => {
      const paidAt = new Date(p.paidAt).getTime();
      const shippedAt = new Date(Math.min(paidAt + 20 * HOUR, now.getTime() - HOUR));
      // Every other pickup listing is collected; the rest are shipped like any other.
      const pickup = p.localPickup && i % 2 === 0;
      const tracked = TRACKED[i % TRACKED.length] as (typeof TRACKED)[number];
      return {
        orderId: p.orderId,
        sellerId: p.sellerId,
        method: pickup ? "pickup" : "shipped",
        carrier: pickup ? null : tracked.carrier,
        trackingNumber: pickup ? null : tracked.number(i + 1),
        shippedAt,
        // The oldest has arrived; the rest are on their way.
        receivedAt:
          i === 0 ? new Date(Math.min(shippedAt.getTime() + 48 * HOUR, now.getTime())) : null,
      };
    }),
  );
}
