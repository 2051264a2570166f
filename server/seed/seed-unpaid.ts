import { sql } from "drizzle-orm";
import { orderTotals } from "../../core/cart";
import type { Db } from "../db/client";
import { rows } from "../db/rows";

const MINUTE = 60_000;

/**
 * One unpaid checkout for the demo (issue 15): Tamika checked out two of a fixed-price item and
 * left the payment page without paying. Its payment session has lapsed, so it holds no stock, but
 * the order still awaits payment: Purchase History offers Pay now (a new payment page while the
 * stock is there) and Cancel. A lapsed session is what a demo can keep: an open one would be
 * expired by the payment expiry job minutes after seeding.
 */
export async function seedDemoUnpaidOrder(tx: Db, now: Date): Promise<void> {
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
        where b.username = 'tamika' and l.kind = 'fixed_price' and l.status = 'active'
          and l.quantity >= 4 and l.seller_id <> b.id and l.title not ilike 'Car Battery%'
        order by l.created_at, l.id limit 1`,
  );
  if (!item) return;
  const quantity = 2;
  const totals = orderTotals([
    { unitPriceCents: item.priceCents, shippingCents: item.shippingCents, quantity },
  ]);
  const startedAt = new Date(now.getTime() - 50 * MINUTE);
  const [order] = await rows<{ id: string }>(
    tx,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents,
                            total_cents, created_at)
        values (${item.buyerId}, 'pending', 'checkout', ${totals.subtotalCents},
                ${totals.shippingCents}, ${totals.taxCents}, ${totals.totalCents}, ${startedAt})
        returning id`,
  );
  if (!order) return;
  await tx.execute(sql`
    insert into order_lines (order_id, listing_id, seller_id, title, image_url, unit_price_cents,
                             shipping_cents, quantity)
    values (${order.id}, ${item.listingId}, ${item.sellerId}, ${item.title}, ${item.imageUrl},
            ${item.priceCents}, ${item.shippingCents}, ${quantity})`);
  await tx.execute(sql`
    insert into payment_sessions (order_id, provider, provider_session_id, status, reserves_stock,
                                  expires_at, created_at, ended_at)
    values (${order.id}, 'sandbox', null, 'expired', true, ${new Date(startedAt.getTime() + 30 * MINUTE)},
            ${startedAt}, ${new Date(startedAt.getTime() + 30 * MINUTE)})`);
}
