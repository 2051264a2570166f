import { eq, sql } from "drizzle-orm";
import { formatMoney, taxCents } from "../../../core/money";
import { notificationText } from "../../../core/notifications";
import { orderLink } from "../../../core/order-links";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { auctionSettings, bids } from "../../db/schema/auctions";
import { listings } from "../../db/schema/listings";
import { auctionOrders, orderLines, orders } from "../../db/schema/orders";
import { type NewNotification, notify } from "../notifications/notifications.service";
import { alertWatchersOfEnd } from "../watching/watch-alerts";
import { publishAuctionChanged } from "./auction-events";

interface DueAuction extends Record<string, unknown> {
  listing_id: string;
  title: string;
  seller_id: string;
  shipping_cents: number;
  deliver_to: string | null;
  current_bid_cents: number | null;
  reserve_price_cents: number | null;
  leader_id: string | null;
  image_url: string | null;
}

/**
 * Settles one auction whose effective end has passed, if any is due, and returns its id.
 * It finds the next one through the partial index of unsettled auctions by end
 * (auction_settings_unsettled_end_idx), never walking past the settled ones: nearly all of them at
 * scale, and the job asks every second on every instance (issue 18).
 * The row lock with SKIP LOCKED and the `settled_at is null` check make settlement exactly-once,
 * whatever number of workers race and whenever a worker dies (its transaction rolls back).
 * The winner and the seller are told by notifications stored in the same transaction, with their
 * emails due: the notification email worker sends them, retrying until the mail server takes them.
 */
export async function settleNextAuction(db: Db): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Due: unsettled, past the end, still on sale. It reads auction_settings.end_time, equal to
    // listings.auction_ends_at (listing-sync.sql), because the partial index of unsettled ends
    // serves this walk only by that column.
    const [due] = await rows<DueAuction>(
      tx,
      // The winner pays the shipping of their Deliver to's group (issue 29), as their bids were
      // admitted by it; one never chosen pays the item's own territory's.
      sql`select a.listing_id, l.title, l.seller_id, a.current_bid_cents, a.reserve_price_cents, a.leader_id,
            coalesce(case when w.deliver_to is null or w.deliver_to = t.slug then l.ship_same_cents
                          when w.deliver_to = 'world' then l.ship_world_cents
                          else l.ship_caribbean_cents end, l.shipping_cents) as shipping_cents,
            w.deliver_to,
            (select url from listing_images i where i.listing_id = l.id order by position limit 1) as image_url
          from auction_settings a join listings l on l.id = a.listing_id
            join territories t on t.id = l.territory_id
            left join users w on w.id = a.leader_id
          where a.settled_at is null and a.end_time <= now() and l.status = 'active'
          order by a.end_time
          limit 1
          for update of a skip locked`,
    );
    if (!due) return null;
    const price = due.current_bid_cents ?? 0;
    const reserveMet = due.reserve_price_cents === null || price >= due.reserve_price_cents;
    const winnerId = due.leader_id && reserveMet ? due.leader_id : null;

    if (winnerId) {
      const tax = taxCents(price);
      const [order] = await tx
        .insert(orders)
        .values({
          buyerId: winnerId,
          source: "auction",
          subtotalCents: price,
          shippingCents: due.shipping_cents,
          taxCents: tax,
          totalCents: price + due.shipping_cents + tax,
          deliverTo: due.deliver_to,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error("order insert returned nothing");
      await tx.insert(orderLines).values({
        orderId: order.id,
        listingId: due.listing_id,
        sellerId: due.seller_id,
        title: due.title,
        imageUrl: due.image_url,
        unitPriceCents: price,
        shippingCents: due.shipping_cents,
        quantity: 1,
      });
      // The primary key on listing_id is the last line of defence against a second order.
      await tx.insert(auctionOrders).values({ listingId: due.listing_id, orderId: order.id });
      await tx
        .update(listings)
        .set({ status: "sold", updatedAt: new Date() })
        .where(eq(listings.id, due.listing_id));
      await tx.execute(sql`update bids set status = case
          when id = (select id from bids where listing_id = ${due.listing_id} and bidder_id = ${winnerId}
                     order by placed_at desc limit 1) then 'won'::bid_status else 'lost'::bid_status end
        where listing_id = ${due.listing_id}`);
      await notify(tx, [
        {
          userId: winnerId,
          kind: "auction_won",
          message: notificationText("auction_won", {
            title: due.title,
            price: formatMoney(price),
          }),
          link: orderLink(order.id),
          listingId: due.listing_id,
          orderId: order.id,
        },
        {
          userId: due.seller_id,
          kind: "auction_sold",
          message: notificationText("auction_sold", {
            title: due.title,
            price: formatMoney(price),
          }),
          link: orderLink(order.id),
          listingId: due.listing_id,
          orderId: order.id,
        },
      ]);
    } else {
      await tx
        .update(listings)
        .set({ status: "ended", updatedAt: new Date() })
        .where(eq(listings.id, due.listing_id));
      await tx.update(bids).set({ status: "lost" }).where(eq(bids.listingId, due.listing_id));
      const items: NewNotification[] = [
        {
          userId: due.seller_id,
          kind: "auction_unsold",
          message: notificationText("auction_unsold", {
            title: due.title,
            reason: due.leader_id ? "reserve_not_met" : "no_bids",
          }),
          link: "/my/selling",
          listingId: due.listing_id,
        },
      ];
      if (due.leader_id) {
        items.push({
          userId: due.leader_id,
          kind: "auction_lost",
          message: notificationText("auction_lost", { title: due.title }),
          link: `/listing/${due.listing_id}`,
          listingId: due.listing_id,
        });
      }
      await notify(tx, items);
    }
    // Watchers hear it ended; the winner and the leader were told above in their own words.
    await alertWatchersOfEnd(tx, due.listing_id, {
      soldOut: false,
      exclude: [winnerId, due.leader_id],
    });
    const [settled] = await tx
      .update(auctionSettings)
      .set({ settledAt: sql`now()` })
      .where(eq(auctionSettings.listingId, due.listing_id))
      .returning({ listingId: auctionSettings.listingId });
    if (!settled) throw new Error("settled auction row vanished");
    // The pages showing it learn how it ended (at commit).
    await publishAuctionChanged(tx, due.listing_id, winnerId ? "sold" : "ended");
    return due.listing_id;
  });
}

/**
 * Settles every auction due now; returns the ids settled by this worker. Safe to run in every
 * instance at once: they share the work through the row locks.
 */
export async function settleDueAuctions(db: Db): Promise<string[]> {
  const done: string[] = [];
  for (;;) {
    const id = await settleNextAuction(db);
    if (!id) return done;
    done.push(id);
  }
}

/**
 * An auction bought outright with Buy It Now (before any bid), in the transaction that records the
 * payment: it is sold, its end comes forward to now and it counts as settled, so the settlement job
 * never settles it again, and the order is its one auction order.
 */
export async function settleBoughtOutright(
  tx: Db,
  listingId: string,
  orderId: string,
): Promise<void> {
  await tx.execute(sql`update listings set status = 'sold' where id = ${listingId}`);
  await tx.execute(sql`update auction_settings
    set settled_at = coalesce(settled_at, now()), end_time = least(end_time, now())
    where listing_id = ${listingId}`);
  await tx.execute(sql`insert into auction_orders (listing_id, order_id) values (${listingId}, ${orderId})
    on conflict do nothing`);
}
