import { sql } from "drizzle-orm";
import { orderTotals } from "../../../core/cart";
import { RESERVED_OUT_MESSAGE } from "../../../core/contracts/buying";
import { ERROR_CODES } from "../../../core/errors";
import { formatMoney } from "../../../core/money";
import { notificationText } from "../../../core/notifications";
import { OFFER_MESSAGES } from "../../../core/offers";
import { orderLink } from "../../../core/order-links";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { ruleBroken } from "../../errors";
import { type NewNotification, notify } from "../notifications/notifications.service";
import { statusForStock } from "../stock/listing-stock";
import { reservedUnits } from "../stock/reservations";
import { alertWatchersOfEnd } from "../watching/watch-alerts";

/** The listing an offer is about, as the offer rules read it under the listing's lock. */
export interface OfferListing {
  id: string;
  sellerId: string;
  title: string;
  kind: "auction" | "fixed_price";
  status: "active" | "ended" | "sold";
  moderation: string;
  priceCents: number;
  shippingCents: number;
  quantity: number;
  /** Stock less what open checkouts of other buyers hold. */
  available: number;
  acceptsOffers: boolean;
  imageUrl: string | null;
}

/** Reads the listing for an offer rule; call it after lockListings so the stock is current. */
export async function readOfferListing(tx: Db, listingId: string): Promise<OfferListing | null> {
  const [row] = await rows<OfferListing>(
    tx,
    sql`select l.id, l.seller_id as "sellerId", l.title, l.kind, l.status, l.moderation,
          l.price_cents as "priceCents", l.shipping_cents as "shippingCents", l.quantity,
          (l.quantity - ${reservedUnits(sql`l.id`)}) as available,
          l.accepts_offers as "acceptsOffers",
          (select url from listing_images i where i.listing_id = l.id order by position limit 1) as "imageUrl"
        from listings l where l.id = ${listingId}`,
  );
  return row ?? null;
}

/**
 * Whether `quantity` units can be agreed now: the listing is on sale and its stock, less what
 * buyers are paying for at this moment, covers them. The same answers as checkout's.
 */
export function assertCanSell(listing: OfferListing, quantity: number): void {
  if (listing.status === "sold" || listing.quantity <= 0)
    throw ruleBroken(ERROR_CODES.outOfStock, OFFER_MESSAGES.soldOut);
  if (listing.status !== "active" || listing.moderation !== "visible")
    throw ruleBroken(ERROR_CODES.notActive, OFFER_MESSAGES.ended);
  if (listing.available >= quantity) return;
  if (listing.available <= 0) throw ruleBroken(ERROR_CODES.stockReserved, RESERVED_OUT_MESSAGE);
  throw ruleBroken(
    ERROR_CODES.insufficientStock,
    OFFER_MESSAGES.quantity(Math.max(1, listing.available)),
  );
}

/** An offer row as agreement needs it. */
export interface AgreedOffer {
  id: string;
  buyerId: string;
  quantity: number;
}

/**
 * Turns an accepted offer into an unpaid order at the agreed unit price, in the caller's
 * transaction and under the listing's lock: the units leave the stock at once (the order holds
 * them until it is paid or lapses; `offer-expiry.ts` gives them back), the offer records its order,
 * and both sides are told. Taking the last unit declines every other open offer on the listing.
 */
export async function agreeOffer(
  tx: Db,
  listing: OfferListing,
  offer: AgreedOffer,
  unitPriceCents: number,
  taxRatePercent: number,
  /** The money rules' clock: the 48 hours to pay run from here (offer-expiry.ts). */
  now: Date,
): Promise<string> {
  assertCanSell(listing, offer.quantity);
  // The buyer pays the shipping of their Deliver to's group (issue 29; the island's when never
  // chosen, or when the item does not ship there: the offer was made before either changed).
  const [ship] = await rows<{ cents: number; deliverTo: string | null }>(
    tx,
    sql`select coalesce(case when u.deliver_to is null or u.deliver_to = t.slug then l.ship_same_cents
                             when u.deliver_to = 'world' then l.ship_world_cents
                             else l.ship_caribbean_cents end, l.shipping_cents) as cents,
               u.deliver_to as "deliverTo"
        from listings l join territories t on t.id = l.territory_id, users u
        where l.id = ${listing.id} and u.id = ${offer.buyerId}`,
  );
  const shippingCents = Number(ship?.cents ?? listing.shippingCents);
  const totals = orderTotals(
    [{ unitPriceCents, shippingCents, quantity: offer.quantity }],
    taxRatePercent,
  );
  const [order] = await rows<{ id: string }>(
    tx,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents,
                            deliver_to)
        values (${offer.buyerId}, 'pending', 'offer', ${totals.subtotalCents}, ${totals.shippingCents},
                ${totals.taxCents}, ${totals.totalCents}, ${ship?.deliverTo ?? null})
        returning id`,
  );
  if (!order) throw new Error("order insert returned nothing");
  await tx.execute(sql`
    insert into order_lines (order_id, listing_id, seller_id, title, image_url, unit_price_cents,
                             shipping_cents, quantity)
    values (${order.id}, ${listing.id}, ${listing.sellerId}, ${listing.title}, ${listing.imageUrl},
            ${unitPriceCents}, ${shippingCents}, ${offer.quantity})`);
  await tx.execute(sql`update listings set quantity = quantity - ${offer.quantity},
      status = ${statusForStock(sql`quantity - ${offer.quantity}`)}, updated_at = now()
    where id = ${listing.id}`);
  await tx.execute(sql`update offers set status = 'accepted', answered_at = ${now}, order_id = ${order.id}
    where id = ${offer.id}`);
  const price = formatMoney(unitPriceCents);
  await notify(tx, [
    {
      userId: offer.buyerId,
      kind: "offer_accepted",
      message: notificationText("offer_accepted", {
        amount: price,
        title: listing.title,
        role: "buyer",
      }),
      link: orderLink(order.id),
      listingId: listing.id,
      orderId: order.id,
    },
    {
      userId: listing.sellerId,
      kind: "offer_accepted",
      message: notificationText("offer_accepted", {
        amount: price,
        title: listing.title,
        role: "seller",
      }),
      link: orderLink(order.id),
      listingId: listing.id,
      orderId: order.id,
    },
  ]);
  if (listing.quantity === offer.quantity) {
    await declineOpenOffers(tx, listing.id, OFFER_MESSAGES.soldOutDecline);
    await alertWatchersOfEnd(tx, listing.id, { soldOut: true, exclude: [offer.buyerId] });
  }
  return order.id;
}

/**
 * Declines every open offer on a listing with the site's reason, telling each buyer: when the
 * last unit goes (an agreed offer, a Buy It Now purchase), or the seller stops taking offers.
 */
export async function declineOpenOffers(tx: Db, listingId: string, reason: string): Promise<void> {
  const declined = await rows<{
    buyerId: string;
    amountCents: number;
    counterCents: number | null;
    title: string;
  }>(
    tx,
    sql`update offers o set status = 'declined', decline_message = ${reason}, answered_at = now()
        from listings l
        where o.listing_id = ${listingId} and l.id = o.listing_id
          and o.status in ('pending', 'countered')
        returning o.buyer_id as "buyerId", o.amount_cents as "amountCents",
          o.counter_cents as "counterCents", l.title`,
  );
  const notices: NewNotification[] = declined.map((d) => ({
    userId: d.buyerId,
    kind: "offer_declined",
    message: notificationText("offer_declined", {
      amount: formatMoney(d.amountCents),
      title: d.title,
      role: "buyer",
      reason,
    }),
    link: `/listing/${listingId}`,
    listingId,
  }));
  await notify(tx, notices);
}
