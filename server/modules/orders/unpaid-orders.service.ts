import { sql } from "drizzle-orm";
import { RESERVED_OUT_MESSAGE } from "../../../core/contracts/buying";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { rows, uuidList } from "../../db/rows";
import { ruleBroken } from "../../errors";
import { lockListings } from "../listings/listing-locks";
import { assertBuyerOf } from "../order-access/order-access.policy";
import {
  cancelOrderPayment,
  insertPaymentSession,
  type PaymentSessionRef,
  type PaymentsDeps,
  startPaymentSession,
} from "../payments/payments.service";
import { isSoldOut } from "../stock/listing-stock";
import { reservedUnits } from "../stock/reservations";
import { settleDestination } from "./order-destination";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface PendingOrder {
  buyerId: string;
  status: "pending" | "paid" | "cancelled" | "expired";
  source: "checkout" | "auction" | "offer";
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  deliverTo: string | null;
}

/** Where the provider's page sends a buyer who gives up: the cart for a checkout, else purchases. */
const cancelUrlFor = (source: PendingOrder["source"], orderId: string) =>
  source === "checkout" ? `/cart?cancelled=${orderId}` : "/my/purchases";

/** The order's state for its buyer (404 to anyone else): what POST /orders/{id}/cancel dispatches on. */
export async function orderStateForBuyer(
  db: Db,
  buyerId: string,
  orderId: string,
): Promise<Pick<PendingOrder, "status" | "source">> {
  const [order] = await rows<{ buyerId: string } & Pick<PendingOrder, "status" | "source">>(
    db,
    sql`select buyer_id as "buyerId", status, source from orders where id = ${orderId}`,
  );
  assertBuyerOf(order, buyerId);
  return { status: order.status, source: order.source };
}

/**
 * Checks, under the listings' locks, that a checkout order's lines can still be had: the
 * listings are on sale and their stock, less what other checkouts hold, covers every line.
 */
async function assertStillInStock(tx: Tx, orderId: string): Promise<void> {
  const lines = await rows<{ listingId: string }>(
    tx,
    sql`select listing_id as "listingId" from order_lines where order_id = ${orderId}`,
  );
  await lockListings(
    tx,
    lines.map((l) => l.listingId),
  );
  const found = await rows<{
    title: string;
    wanted: number;
    kind: string;
    status: string;
    stock: number;
    available: number;
  }>(
    tx,
    sql`select ol.title, ol.quantity as wanted, l.kind,
          case when l.moderation = 'visible' then l.status::text else 'removed' end as status,
          l.quantity as stock,
          l.quantity - ${reservedUnits(sql`l.id`)} as available
        from order_lines ol join listings l on l.id = ol.listing_id
        where ol.order_id = ${orderId} order by ol.id`,
  );
  for (const line of found) {
    if (line.status !== "active" && !isSoldOut(line))
      throw ruleBroken(
        ERROR_CODES.orderNotPayable,
        `"${line.title}" is no longer for sale, so this order can't be paid. You can cancel it.`,
      );
    if (line.available >= line.wanted) continue;
    if (line.available <= 0 && line.stock > 0)
      throw ruleBroken(ERROR_CODES.stockReserved, RESERVED_OUT_MESSAGE);
    throw ruleBroken(
      line.available <= 0 ? ERROR_CODES.outOfStock : ERROR_CODES.insufficientStock,
      line.available <= 0
        ? `Sorry, "${line.title}" is out of stock, so this order can't be paid. You can cancel it.`
        : `Sorry, only ${line.available} of "${line.title}" are left, so this order can't be paid. You can cancel it.`,
    );
  }
}

type PayPlan =
  | { kind: "resume"; sessionId: string; providerSessionId: string; order: PendingOrder }
  | { kind: "new"; session: PaymentSessionRef; order: PendingOrder };

/**
 * Pay now on an order awaiting payment (a checkout not finished, or an auction win). Its open,
 * unexpired payment session is resumed: the buyer goes back to the same hosted page, and the
 * stock it holds stays theirs. When there is none (it lapsed, or the provider closed it), a new
 * session opens, for a checkout order only while the stock is still there. Only the buyer (404).
 * A won auction or agreed offer first settles where it goes (`deliverTo`, else its own, else the
 * account's; none: 422 deliver_to_required), its shipping charged for that (order-destination.ts).
 */
export async function payOrder(
  deps: PaymentsDeps,
  buyer: { id: string; email: string },
  orderId: string,
  deliverTo?: string,
): Promise<{ orderId: string; redirectUrl: string }> {
  const plan = await deps.db.transaction(async (tx): Promise<PayPlan> => {
    const readOrder = () =>
      rows<PendingOrder>(
        tx,
        sql`select buyer_id as "buyerId", status, source, shipping_cents as "shippingCents",
              tax_cents as "taxCents", total_cents as "totalCents", deliver_to as "deliverTo"
            from orders where id = ${orderId} for update`,
      );
    let [order] = await readOrder();
    assertBuyerOf(order, buyer.id);
    if (order.status === "paid")
      throw ruleBroken(ERROR_CODES.orderPaid, "This order has already been paid.");
    if (order.status !== "pending")
      throw ruleBroken(
        ERROR_CODES.orderNotPayable,
        order.status === "expired"
          ? "This checkout expired and its items were released. Add them to your cart again."
          : "This order was cancelled and can't be paid.",
      );
    // Repriced for where it goes: read again for the totals the payment asks.
    if (await settleDestination(tx, { ...order, id: orderId }, deliverTo))
      [order] = await readOrder();
    if (!order) throw new Error("order vanished under its lock");
    const [open] = await rows<{ id: string; providerSessionId: string | null }>(
      tx,
      sql`select id, provider_session_id as "providerSessionId" from payment_sessions
          where order_id = ${orderId} and status = 'open' and provider = ${deps.provider.id}
            and expires_at > now()
          order by created_at desc limit 1`,
    );
    if (open?.providerSessionId)
      return {
        kind: "resume",
        sessionId: open.id,
        providerSessionId: open.providerSessionId,
        order,
      };
    // Nothing to resume: whatever is left open (lapsed, or never reached the provider) ends, so
    // an order is never being paid twice at once.
    await tx.execute(sql`update payment_sessions
      set status = case when expires_at <= now() then 'expired'::payment_session_status
                        else 'cancelled'::payment_session_status end,
          ended_at = now()
      where order_id = ${orderId} and status = 'open'`);
    if (order.source === "checkout") await assertStillInStock(tx, orderId);
    const session = await insertPaymentSession(
      tx,
      deps.provider.id,
      orderId,
      order.source === "checkout",
      deps.checkoutExpiryMinutes,
    );
    return { kind: "new", session, order };
  });

  const forPayment = {
    id: orderId,
    buyerId: buyer.id,
    buyerEmail: buyer.email,
    source: plan.order.source,
    status: "pending",
    shippingCents: plan.order.shippingCents,
    taxCents: plan.order.taxCents,
    totalCents: plan.order.totalCents,
  };
  if (plan.kind === "new")
    return startPaymentSession(deps, forPayment, {
      session: plan.session,
      cancelUrl: cancelUrlFor(plan.order.source, orderId),
    });

  const redirectUrl = await deps.provider
    .resumeCheckout(plan.providerSessionId)
    .catch((err: unknown) => {
      deps.log?.(err, "could not read the provider's session to resume it");
      return null;
    });
  if (redirectUrl) return { orderId, redirectUrl };
  // The provider closed its page (expired or cancelled there): this attempt is over; open another.
  await deps.db.execute(sql`update payment_sessions set status = 'cancelled', ended_at = now()
    where id = ${plan.sessionId} and status = 'open'`);
  return payOrder(deps, buyer, orderId);
}

/**
 * Cancel on an order awaiting payment: its open payment session ends as cancelled and the order is
 * cancelled, so the stock it held is free for anyone at once. Only the buyer (404 to others);
 * cancelling again is harmless.
 *
 * Decision: an auction win is not cancelled this way. Winning is a commitment to buy (eBay: a
 * winning bid is a binding contract; a buyer who cannot pay asks the seller, who may then cancel
 * and relist). So the win stays payable and Cancel answers 422 pointing to Contact seller.
 */
export async function cancelUnpaidOrder(
  deps: PaymentsDeps,
  buyerId: string,
  orderId: string,
): Promise<void> {
  const state = await orderStateForBuyer(deps.db, buyerId, orderId);
  if (state.source === "auction" && state.status === "pending")
    throw ruleBroken(
      ERROR_CODES.auctionWinNotCancellable,
      "An auction you won can't be cancelled here: winning is a commitment to buy. Pay for it, or contact the seller to ask them to cancel.",
    );
  // An accepted offer binds as a win does (eBay); unpaid, it lapses after 48 hours by itself.
  if (state.source === "offer" && state.status === "pending")
    throw ruleBroken(
      ERROR_CODES.offerOrderNotCancellable,
      "An accepted offer can't be cancelled here: it is a commitment to buy. Pay for it, or contact the seller.",
    );
  // Locks the order, refuses a paid one, ends the sessions and tells the provider.
  await cancelOrderPayment(deps, buyerId, orderId);
}

/**
 * A new checkout replaces the buyer's unpaid checkouts of the same listings: one checkout at a
 * time per item, so their own reservations never add up to more than the stock (their cart and
 * the listing page count those as theirs). Runs in the checkout's transaction, under the listings'
 * locks; returns the provider sessions to close once it commits.
 */
export async function supersedeUnpaidCheckouts(
  tx: Tx,
  buyerId: string,
  listingIds: string[],
): Promise<string[]> {
  if (listingIds.length === 0) return [];
  const orders = await rows<{ id: string }>(
    tx,
    sql`update orders o set status = 'cancelled'
        where o.buyer_id = ${buyerId} and o.status = 'pending' and o.source = 'checkout'
          and exists (select 1 from order_lines ol where ol.order_id = o.id
                      and ol.listing_id in (${uuidList(listingIds)}))
        returning o.id`,
  );
  if (orders.length === 0) return [];
  const sessions = await rows<{ providerSessionId: string | null }>(
    tx,
    sql`update payment_sessions set status = 'cancelled', ended_at = now()
        where status = 'open' and order_id in (${uuidList(orders.map((o) => o.id))})
        returning provider_session_id as "providerSessionId"`,
  );
  return sessions.flatMap((s) => (s.providerSessionId ? [s.providerSessionId] : []));
}

/** Closes provider pages of sessions ended here; best effort (the webhook settles any race). */
export async function expireAtProvider(deps: PaymentsDeps, providerSessionIds: string[]) {
  for (const id of providerSessionIds)
    await deps.provider
      .expireCheckout(id)
      .catch((err) => deps.log?.(err, "could not expire the provider's session"));
}
