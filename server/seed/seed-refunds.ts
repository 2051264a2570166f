import { sql } from "drizzle-orm";
import { orderTotals } from "../../core/cart";
import type { Db } from "../db/client";
import { rows } from "../db/rows";

const DAY = 86_400_000;

/**
 * One cancelled and refunded order for the demo: Keisha bought a fixed-price item from another
 * demo seller, asked to cancel it before it shipped, the seller accepted, and the sandbox refunded
 * the whole part. Purchase History shows it "Cancelled" with the refund; /my/selling shows the
 * accepted request. The stock was returned, so the listing's quantity is left as seeded.
 */
export async function seedDemoRefunds(tx: Db, now: Date): Promise<void> {
  const [item] = await rows<{
    buyerId: string;
    listingId: string;
    sellerId: string;
    title: string;
    imageUrl: string | null;
    priceCents: number;
    shippingCents: number;
  }>(
    tx,
    sql`select b.id as "buyerId", l.id as "listingId", l.seller_id as "sellerId", l.title,
          (select li.thumb_url from listing_images li where li.listing_id = l.id
            order by li.position limit 1) as "imageUrl",
          l.price_cents as "priceCents", l.shipping_cents as "shippingCents"
        from users b, listings l
        where b.username = 'keisha' and l.kind = 'fixed_price' and l.status = 'active'
          and l.seller_id <> b.id and l.quantity > 0
        order by l.created_at, l.id
        limit 1`,
  );
  if (!item) return;
  const totals = orderTotals([
    { unitPriceCents: item.priceCents, shippingCents: item.shippingCents, quantity: 1 },
  ]);
  const paidAt = new Date(now.getTime() - 6 * DAY);
  const requestedAt = new Date(paidAt.getTime() + 3 * 3_600_000);
  const answeredAt = new Date(requestedAt.getTime() + 5 * 3_600_000);
  const [order] = await rows<{ id: string }>(
    tx,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents,
          total_cents, created_at, paid_at)
        values (${item.buyerId}, 'cancelled', 'checkout', ${totals.subtotalCents},
          ${totals.shippingCents}, ${totals.taxCents}, ${totals.totalCents}, ${paidAt.toISOString()}::timestamptz, ${paidAt.toISOString()}::timestamptz)
        returning id`,
  );
  if (!order) return;
  await tx.execute(sql`insert into order_lines (order_id, listing_id, seller_id, title, image_url,
      unit_price_cents, shipping_cents, quantity)
    values (${order.id}, ${item.listingId}, ${item.sellerId}, ${item.title}, ${item.imageUrl},
      ${item.priceCents}, ${item.shippingCents}, 1)`);
  await tx.execute(sql`insert into payment_sessions (order_id, provider, status, reserves_stock,
      expires_at, created_at, ended_at, provider_session_id, provider_payment_id)
    values (${order.id}, 'sandbox', 'complete', true, ${new Date(paidAt.getTime() + 30 * 60_000).toISOString()}::timestamptz,
      ${paidAt.toISOString()}::timestamptz, ${paidAt.toISOString()}::timestamptz, gen_random_uuid()::text, 'pi_sbx_demo_refunded')`);
  await tx.execute(sql`insert into cancellation_requests (order_id, seller_id, reason, status,
      created_at, answered_at)
    values (${order.id}, ${item.sellerId}, 'I ordered the wrong one, sorry!', 'accepted',
      ${requestedAt.toISOString()}::timestamptz, ${answeredAt.toISOString()}::timestamptz)`);
  await tx.execute(sql`insert into refunds (order_id, seller_id, amount_cents, reason, provider,
      provider_refund_id, status, created_at, settled_at)
    values (${order.id}, ${item.sellerId}, ${totals.totalCents}, 'cancelled', 'sandbox',
      're_sbx_demo_refunded', 'succeeded', ${answeredAt.toISOString()}::timestamptz, ${answeredAt.toISOString()}::timestamptz)`);
}
