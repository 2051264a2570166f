import { sql } from "drizzle-orm";
import { orderTotals } from "../../core/cart";
import { formatMoney } from "../../core/money";
import { notificationText } from "../../core/notifications";
import { answerDeadline } from "../../core/offers";
import { orderLink } from "../../core/order-links";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { notifications } from "../db/schema/notifications";

const HOUR = 3_600_000;

interface OfferableListing {
  id: string;
  sellerId: string;
  title: string;
  priceCents: number;
  shippingCents: number;
  imageUrl: string | null;
}

/**
 * Best Offer's demo (issue 27): about a third of the fixed-price listings of $20 or more take
 * offers (chosen by a hash of the title, so the same ones every seed), the first of them with the
 * seller's automatic amounts (accept from 90% of the price, decline under 50%); and three buyers'
 * offers in each state a user meets first: Keisha's waits for the seller, Devon's was countered and
 * waits for him, Kwame's was accepted an hour ago and waits for his payment (Pay now in Purchase
 * History, its unit held). The sellers and buyers have the notifications that told them.
 */
export async function seedDemoOffers(tx: Db, now: Date): Promise<void> {
  await tx.execute(sql`update listings set accepts_offers = true
    where kind = 'fixed_price' and status = 'active' and price_cents >= 2000
      and abs(hashtext(title)) % 3 = 0`);
  const offerable = await rows<OfferableListing>(
    tx,
    sql`select l.id, l.seller_id as "sellerId", l.title, l.price_cents as "priceCents",
          l.shipping_cents as "shippingCents",
          (select li.thumb_url from listing_images li where li.listing_id = l.id
            order by li.position limit 1) as "imageUrl"
        from listings l join users s on s.id = l.seller_id
        where l.accepts_offers and l.quantity >= 2 and l.moderation = 'visible'
          and s.username not in ('keisha', 'devon', 'kwame')
        order by l.created_at, l.id limit 4`,
  );
  const buyers = new Map(
    (
      await rows<{ id: string; username: string }>(
        tx,
        sql`select id, username from users where username in ('keisha', 'devon', 'kwame')`,
      )
    ).map((u) => [u.username, u.id]),
  );
  const [auto, pending, countered, accepted] = offerable;
  const keisha = buyers.get("keisha");
  const devon = buyers.get("devon");
  const kwame = buyers.get("kwame");
  if (!auto || !pending || !countered || !accepted || !keisha || !devon || !kwame) return;

  await tx.execute(sql`insert into listing_offer_settings (listing_id, auto_accept_cents, auto_decline_cents)
    values (${auto.id}, ${Math.round(auto.priceCents * 0.9)}, ${Math.round(auto.priceCents * 0.5)})`);

  const told: (typeof notifications.$inferInsert)[] = [];
  const madeAt = new Date(now.getTime() - 5 * HOUR);
  const pendingAmount = roundDollars(pending.priceCents * 0.8);
  await tx.execute(sql`insert into offers (listing_id, buyer_id, seller_id, status, amount_cents, message,
      expires_at, created_at)
    values (${pending.id}, ${keisha}, ${pending.sellerId}, 'pending', ${pendingAmount},
      'Would you take this? I can pay today.', ${answerDeadline(madeAt)}, ${madeAt})`);
  told.push({
    userId: pending.sellerId,
    kind: "offer_received",
    message: notificationText("offer_received", {
      buyer: "keisha",
      amount: formatMoney(pendingAmount),
      title: pending.title,
      quantity: 1,
    }),
    link: `/my/selling/offers?listing=${pending.id}`,
    listingId: pending.id,
    createdAt: madeAt,
  });

  const offeredAt = new Date(now.getTime() - 20 * HOUR);
  const counteredAt = new Date(now.getTime() - 2 * HOUR);
  const devonAmount = roundDollars(countered.priceCents * 0.7);
  const counterAmount = roundDollars(countered.priceCents * 0.88);
  await tx.execute(sql`insert into offers (listing_id, buyer_id, seller_id, status, amount_cents,
      counter_cents, counter_message, expires_at, created_at, answered_at)
    values (${countered.id}, ${devon}, ${countered.sellerId}, 'countered', ${devonAmount},
      ${counterAmount}, 'I can meet you partway.', ${answerDeadline(counteredAt)}, ${offeredAt},
      ${counteredAt})`);
  told.push({
    userId: devon,
    kind: "offer_countered",
    message: notificationText("offer_countered", {
      amount: formatMoney(counterAmount),
      title: countered.title,
    }),
    link: `/listing/${countered.id}`,
    listingId: countered.id,
    createdAt: counteredAt,
  });

  // Agreed an hour ago: an unpaid order at the agreed price holding its unit (offer-agreement.ts).
  const agreedAt = new Date(now.getTime() - HOUR);
  const agreedAmount = roundDollars(accepted.priceCents * 0.85);
  const totals = orderTotals([
    { unitPriceCents: agreedAmount, shippingCents: accepted.shippingCents, quantity: 1 },
  ]);
  const [order] = await rows<{ id: string }>(
    tx,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents,
                            total_cents, created_at)
        values (${kwame}, 'pending', 'offer', ${totals.subtotalCents}, ${totals.shippingCents},
                ${totals.taxCents}, ${totals.totalCents}, ${agreedAt})
        returning id`,
  );
  if (!order) return;
  await tx.execute(sql`insert into order_lines (order_id, listing_id, seller_id, title, image_url,
      unit_price_cents, shipping_cents, quantity)
    values (${order.id}, ${accepted.id}, ${accepted.sellerId}, ${accepted.title}, ${accepted.imageUrl},
      ${agreedAmount}, ${accepted.shippingCents}, 1)`);
  await tx.execute(sql`update listings set quantity = quantity - 1 where id = ${accepted.id}`);
  await tx.execute(sql`insert into offers (listing_id, buyer_id, seller_id, status, amount_cents,
      expires_at, created_at, answered_at, order_id)
    values (${accepted.id}, ${kwame}, ${accepted.sellerId}, 'accepted', ${agreedAmount},
      ${answerDeadline(new Date(agreedAt.getTime() - 3 * HOUR))},
      ${new Date(agreedAt.getTime() - 3 * HOUR)}, ${agreedAt}, ${order.id})`);
  const amount = formatMoney(agreedAmount);
  told.push(
    {
      userId: kwame,
      kind: "offer_accepted",
      message: notificationText("offer_accepted", { amount, title: accepted.title, role: "buyer" }),
      link: orderLink(order.id),
      listingId: accepted.id,
      orderId: order.id,
      createdAt: agreedAt,
    },
    {
      userId: accepted.sellerId,
      kind: "offer_accepted",
      message: notificationText("offer_accepted", {
        amount,
        title: accepted.title,
        role: "seller",
      }),
      link: orderLink(order.id),
      listingId: accepted.id,
      orderId: order.id,
      createdAt: agreedAt,
    },
  );
  // Stored as read-worthy history without emails: the demo sends nobody mail.
  await tx.insert(notifications).values(told.map((n) => ({ ...n, emailDueAt: null })));
}

/** Demo amounts read like people's: whole dollars. */
const roundDollars = (cents: number) => Math.max(100, Math.round(cents / 100) * 100);
