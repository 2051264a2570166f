import { sql } from "drizzle-orm";
import { orderNumber } from "../../core/cart";
import { formatMoney } from "../../core/money";
import { notificationText } from "../../core/notifications";
import { orderLink } from "../../core/order-links";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { notifications } from "../db/schema/notifications";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An open auction where `email` has been outbid (or, failing that, any open auction not theirs). */
async function outbidAuction(tx: Db, email: string, now: Date) {
  const [found] = await rows<{
    userId: string;
    listingId: string;
    title: string;
    priceCents: number;
  }>(
    tx,
    sql`select u.id as "userId", l.id as "listingId", l.title,
          coalesce(a.current_bid_cents, a.start_price_cents) as "priceCents"
        from users u
        join listings l on l.status = 'active' and l.seller_id <> u.id
        join auction_settings a on a.listing_id = l.id and a.end_time > ${now.toISOString()}::timestamptz
        where u.email = ${email}
        order by exists (select 1 from bids b where b.listing_id = l.id and b.bidder_id = u.id
                         and b.status = 'outbid') desc, a.end_time
        limit 1`,
  );
  return found;
}

/**
 * Demo notifications, so the bell shows something on a fresh `npm start`: Keisha and Devon have
 * an unread outbid notice; Keisha and a seller have older ones already read. No emails: they are
 * stored as sent. Run once, inside the seed's transaction, after everything else is in.
 */
export async function seedDemoNotifications(tx: Db, now: Date): Promise<void> {
  const at = (ago: number) => new Date(now.getTime() - ago);
  const values: (typeof notifications.$inferInsert)[] = [];

  for (const [email, ago] of [
    ["keisha@demo.tradewinds.test", 25 * MINUTE],
    ["devon@demo.tradewinds.test", 3 * HOUR],
  ] as const) {
    const auction = await outbidAuction(tx, email, now);
    if (!auction) continue;
    values.push({
      userId: auction.userId,
      kind: "outbid",
      message: notificationText("outbid", {
        title: auction.title,
        price: formatMoney(auction.priceCents),
      }),
      link: `/listing/${auction.listingId}`,
      listingId: auction.listingId,
      createdAt: at(ago),
    });
  }

  // The latest paid order of a demo buyer, told to its buyer and its seller, both read.
  const [paid] = await rows<{
    orderId: string;
    buyerId: string;
    totalCents: number;
    sellerId: string;
    listingId: string;
    title: string;
    quantity: number;
  }>(
    tx,
    sql`select o.id as "orderId", o.buyer_id as "buyerId", o.total_cents as "totalCents",
          ol.seller_id as "sellerId", ol.listing_id as "listingId", ol.title, ol.quantity
        from orders o
        join users u on u.id = o.buyer_id and u.email = 'keisha@demo.tradewinds.test'
        join order_lines ol on ol.order_id = o.id
        where o.status = 'paid'
        order by o.paid_at desc
        limit 1`,
  );
  if (paid) {
    const number = orderNumber(paid.orderId);
    values.push(
      {
        userId: paid.buyerId,
        kind: "order_paid",
        message: notificationText("order_paid", { number, total: formatMoney(paid.totalCents) }),
        link: orderLink(paid.orderId),
        orderId: paid.orderId,
        createdAt: at(2 * DAY),
        readAt: at(2 * DAY - HOUR),
      },
      {
        userId: paid.sellerId,
        kind: "item_sold",
        message: notificationText("item_sold", {
          quantity: paid.quantity,
          title: paid.title,
          number,
        }),
        link: orderLink(paid.orderId),
        orderId: paid.orderId,
        listingId: paid.listingId,
        createdAt: at(2 * DAY),
        readAt: at(DAY),
      },
    );
  }
  if (values.length > 0) await tx.insert(notifications).values(values);
}
