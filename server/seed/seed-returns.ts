import { sql } from "drizzle-orm";
import { addBusinessDays } from "../../core/business-days";
import { orderTotals } from "../../core/cart";
import { ANSWER_BUSINESS_DAYS } from "../../core/returns";
import type { Db } from "../db/client";
import { rows } from "../db/rows";

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Story = "open_return" | "refunded_return" | "not_received" | "case";

/**
 * Returns and cases for the demo (decision 0023), each on an order of its own that Keisha bought
 * from another demo seller: an open return waiting for the seller, a return sent back and refunded,
 * an "item not received" request waiting for the seller, and a missing parcel the seller answered
 * with tracking that Keisha escalated: a case waiting for staff in the admin area.
 */
export async function seedDemoReturns(tx: Db, now: Date): Promise<void> {
  const items = await rows<{
    buyerId: string;
    listingId: string;
    sellerId: string;
    title: string;
    imageUrl: string | null;
    priceCents: number;
    shippingCents: number;
  }>(
    tx,
    sql`select distinct on (l.seller_id) b.id as "buyerId", l.id as "listingId",
          l.seller_id as "sellerId", l.title,
          (select li.thumb_url from listing_images li where li.listing_id = l.id
            order by li.position limit 1) as "imageUrl",
          l.price_cents as "priceCents", l.shipping_cents as "shippingCents"
        from users b, listings l
        where b.username = 'keisha' and l.kind = 'fixed_price' and l.status = 'active'
          and l.seller_id <> b.id and l.quantity > 0 and l.return_policy_days > 0
          -- Listed before the oldest of these orders was placed (25 days ago).
          and l.created_at < ${new Date(now.getTime() - 26 * DAY).toISOString()}::timestamptz
        order by l.seller_id, l.created_at desc, l.id
        limit 4`,
  );
  const stories: Story[] = ["open_return", "refunded_return", "not_received", "case"];
  for (const [i, item] of items.entries()) {
    const story = stories[i] as Story;
    const totals = orderTotals([
      { unitPriceCents: item.priceCents, shippingCents: item.shippingCents, quantity: 1 },
    ]);
    const daysAgo = story === "open_return" ? 8 : story === "refunded_return" ? 20 : 25;
    const paidAt = new Date(now.getTime() - daysAgo * DAY);
    const shippedAt = new Date(paidAt.getTime() + 20 * HOUR);
    const receivedAt =
      story === "open_return" || story === "refunded_return"
        ? new Date(shippedAt.getTime() + 3 * DAY)
        : null;
    const [order] = await rows<{ id: string }>(
      tx,
      sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents,
            total_cents, created_at, paid_at)
          values (${item.buyerId}, 'paid', 'checkout', ${totals.subtotalCents},
            ${totals.shippingCents}, ${totals.taxCents}, ${totals.totalCents},
            ${paidAt.toISOString()}::timestamptz, ${paidAt.toISOString()}::timestamptz)
          returning id`,
    );
    if (!order) continue;
    await tx.execute(sql`insert into order_lines (order_id, listing_id, seller_id, title, image_url,
        unit_price_cents, shipping_cents, quantity)
      values (${order.id}, ${item.listingId}, ${item.sellerId}, ${item.title}, ${item.imageUrl},
        ${item.priceCents}, ${item.shippingCents}, 1)`);
    await tx.execute(sql`insert into payment_sessions (order_id, provider, status, reserves_stock,
        expires_at, created_at, ended_at, provider_session_id, provider_payment_id)
      values (${order.id}, 'sandbox', 'complete', true,
        ${new Date(paidAt.getTime() + 30 * 60_000).toISOString()}::timestamptz,
        ${paidAt.toISOString()}::timestamptz, ${paidAt.toISOString()}::timestamptz,
        gen_random_uuid()::text, ${`pi_sbx_demo_${story}`})`);
    await tx.execute(sql`insert into shipments (order_id, seller_id, method, carrier, tracking_number,
        shipped_at, received_at)
      values (${order.id}, ${item.sellerId}, 'shipped', 'ups', ${`1Z7W8A4193${1000 + i}00${i}`},
        ${shippedAt.toISOString()}::timestamptz, ${receivedAt?.toISOString() ?? null}::timestamptz)`);

    const openedAt = new Date(now.getTime() - (story === "refunded_return" ? 10 : 1) * DAY);
    const iso = (d: Date) => d.toISOString();
    if (story === "open_return") {
      await tx.execute(sql`insert into after_sale_requests (order_id, seller_id, buyer_id, kind,
          reason, details, status, due_at, created_at)
        values (${order.id}, ${item.sellerId}, ${item.buyerId}, 'return', 'not_as_described',
          'The colour is much darker than in the photos, and the size is smaller than listed.',
          'open', ${iso(addBusinessDays(openedAt, ANSWER_BUSINESS_DAYS))}::timestamptz,
          ${iso(openedAt)}::timestamptz)`);
    } else if (story === "refunded_return") {
      const answeredAt = new Date(openedAt.getTime() + 6 * HOUR);
      const sentAt = new Date(openedAt.getTime() + DAY);
      const refundedAt = new Date(openedAt.getTime() + 4 * DAY);
      const [refund] = await rows<{ id: string }>(
        tx,
        sql`insert into refunds (order_id, seller_id, amount_cents, reason, provider,
              provider_refund_id, status, created_at, settled_at)
            values (${order.id}, ${item.sellerId}, ${totals.totalCents}, 'return', 'sandbox',
              're_sbx_demo_return', 'succeeded', ${iso(refundedAt)}::timestamptz,
              ${iso(refundedAt)}::timestamptz)
            returning id`,
      );
      await tx.execute(sql`insert into after_sale_requests (order_id, seller_id, buyer_id, kind,
          reason, details, status, answer, answered_at, return_address, return_shipping_paid_by,
          carrier, tracking_number, shipped_back_at, refund_id, closed_at, created_at)
        values (${order.id}, ${item.sellerId}, ${item.buyerId}, 'return', 'damaged',
          'It arrived with a crack across the base.', 'refunded', 'accepted',
          ${iso(answeredAt)}::timestamptz, '14 Harbour Road, Kingston, Jamaica', 'seller',
          'jamaica_post', 'RR480019946JM', ${iso(sentAt)}::timestamptz, ${refund?.id ?? null},
          ${iso(refundedAt)}::timestamptz, ${iso(openedAt)}::timestamptz)`);
    } else if (story === "not_received") {
      await tx.execute(sql`insert into after_sale_requests (order_id, seller_id, buyer_id, kind,
          details, status, due_at, created_at)
        values (${order.id}, ${item.sellerId}, ${item.buyerId}, 'not_received',
          'It has been over three weeks and the tracking has not moved since it left.', 'open',
          ${iso(addBusinessDays(openedAt, ANSWER_BUSINESS_DAYS))}::timestamptz,
          ${iso(openedAt)}::timestamptz)`);
    } else {
      const opened = new Date(now.getTime() - 8 * DAY);
      await tx.execute(sql`insert into after_sale_requests (order_id, seller_id, buyer_id, kind,
          details, status, answer, answered_at, carrier, tracking_number, escalated_at,
          escalated_by, created_at)
        values (${order.id}, ${item.sellerId}, ${item.buyerId}, 'not_received',
          'Nothing has arrived, and nobody at my address signed for a parcel.', 'escalated',
          'tracking', ${iso(new Date(opened.getTime() + DAY))}::timestamptz, 'ups',
          ${`1Z7W8A4193${1000 + i}00${i}`}, ${iso(new Date(opened.getTime() + 3 * DAY))}::timestamptz,
          'buyer', ${iso(opened)}::timestamptz)`);
    }
  }
}
