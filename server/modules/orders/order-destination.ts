import { sql } from "drizzle-orm";
import type { Order } from "../../../core/contracts/buying";
import { DELIVER_TO_REQUIRED_MESSAGE } from "../../../core/contracts/delivery";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { conflict, ruleBroken } from "../../errors";
import { accountDeliverTo, resolveDeliverTo } from "../accounts/deliver-to";
import { type DeliveryRow, deliverySelect, optionForDest } from "../listings/listing-delivery";
import { doesNotShipThere } from "../listings/ships-to-account";
import { assertBuyerOf } from "../order-access/order-access.policy";
import { getOrder } from "./orders.service";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The refusal of an order that does not say where it goes (issue 29, decision 0021). */
export const deliverToRequired = () =>
  ruleBroken(ERROR_CODES.deliverToRequired, DELIVER_TO_REQUIRED_MESSAGE, {
    deliverTo: DELIVER_TO_REQUIRED_MESSAGE,
  });

/**
 * Where a buyer's new order goes: the territory the request names (the page's Deliver to), else
 * the account's. Refused with 422 deliver_to_required when neither says: the shipping charged
 * depends on it, and a buyer who never chose is not assumed to be local.
 */
export async function requiredDeliverTo(
  db: Db,
  buyerId: string,
  given: string | undefined,
): Promise<{ slug: string; name: string }> {
  const value = given ?? (await accountDeliverTo(db, buyerId));
  if (!value) throw deliverToRequired();
  return resolveDeliverTo(db, value);
}

interface OrderForDestination {
  buyerId: string;
  status: "pending" | "paid" | "cancelled" | "expired";
  source: "checkout" | "auction" | "offer";
  deliverTo: string | null;
}

/**
 * Sets where a won auction's or an agreed offer's order goes and charges that group's shipping on
 * each line (the order row locked by the caller): 422 does_not_ship_there when a line's seller does
 * not ship there. Its open payment sessions end, since they were opened at the old price (these
 * orders' sessions hold no stock: their units were taken when they were agreed).
 */
async function reprice(tx: Tx, orderId: string, dest: { slug: string; name: string }) {
  const lines = await rows<DeliveryRow & { id: string; shippingCents: number }>(
    tx,
    sql`select ol.id, ol.shipping_cents as "shippingCents", ${deliverySelect}
        from order_lines ol join listings l on l.id = ol.listing_id
        join territories t on t.id = l.territory_id
        where ol.order_id = ${orderId} order by ol.id`,
  );
  for (const line of lines) {
    const option = optionForDest(line, dest.slug);
    if (!option) throw doesNotShipThere(dest.name);
    await tx.execute(
      sql`update order_lines set shipping_cents = ${option.costCents} where id = ${line.id}`,
    );
  }
  // Tax is on the items alone (core/cart orderTotals), so only shipping and the total move.
  await tx.execute(sql`update orders o set deliver_to = ${dest.slug},
      shipping_cents = s.cents, total_cents = o.subtotal_cents + s.cents + o.tax_cents
    from (select coalesce(sum(shipping_cents), 0)::int as cents from order_lines
          where order_id = ${orderId}) s
    where o.id = ${orderId}`);
  await tx.execute(sql`update payment_sessions
    set status = case when expires_at <= now() then 'expired'::payment_session_status
                      else 'cancelled'::payment_session_status end,
        ended_at = now()
    where order_id = ${orderId} and status = 'open'`);
}

/**
 * Settles where an order being paid goes, in the payment's transaction (the order row locked):
 * a won auction or agreed offer takes `given`, else keeps its own, else takes the account's
 * Deliver to, repriced when it changes; none at all is 422 deliver_to_required. A cart's checkout
 * already has its destination (checkout requires one), so `given` may only repeat it (409).
 * Answers whether the price changed (any open payment session then ended).
 */
export async function settleDestination(
  tx: Tx,
  order: OrderForDestination & { id: string },
  given: string | undefined,
): Promise<boolean> {
  if (order.source === "checkout") {
    if (given !== undefined && order.deliverTo !== null && given !== order.deliverTo)
      throw conflict(
        "This order ships where it was placed. Check out again to send it elsewhere.",
        ERROR_CODES.orderDeliverToFixed,
      );
    // Placed before a destination was required: paid as it was priced (the local rate).
    return false;
  }
  const wanted = given ?? order.deliverTo ?? (await accountDeliverTo(tx, order.buyerId));
  if (!wanted) throw deliverToRequired();
  if (wanted === order.deliverTo) return false;
  await reprice(tx, order.id, await resolveDeliverTo(tx, wanted));
  return true;
}

/**
 * The pay step's Deliver to for a won auction or an agreed offer awaiting payment: sets where it
 * goes and charges that group's shipping, so the review shows what paying will charge. Only the
 * buyer (404); a paid, cancelled or expired order is 422 as paying it is.
 */
export async function chooseOrderDeliverTo(
  db: Db,
  buyerId: string,
  orderId: string,
  deliverTo: string,
): Promise<Order> {
  await db.transaction(async (tx) => {
    const [order] = await rows<OrderForDestination>(
      tx,
      sql`select buyer_id as "buyerId", status, source, deliver_to as "deliverTo"
          from orders where id = ${orderId} for update`,
    );
    assertBuyerOf(order, buyerId);
    if (order.status === "paid")
      throw ruleBroken(ERROR_CODES.orderPaid, "This order has already been paid.");
    if (order.status !== "pending")
      throw ruleBroken(ERROR_CODES.orderNotPayable, "This order can no longer be paid.");
    await settleDestination(tx, { ...order, id: orderId }, deliverTo);
  });
  return getOrder(db, buyerId, orderId);
}
