import { sql } from "drizzle-orm";
import { orderNumber } from "../../../core/cart";
import { ERROR_CODES } from "../../../core/errors";
import { formatMoney } from "../../../core/money";
import { notificationText } from "../../../core/notifications";
import { OFFER_MESSAGES } from "../../../core/offers";
import { orderLink } from "../../../core/order-links";
import { type Clock, systemClock } from "../../clock";
import type { Db } from "../../db/client";
import { rows, uuidList } from "../../db/rows";
import { AppError, ruleBroken } from "../../errors";
import { settleBoughtOutright } from "../auctions/auction-settlement";
import { recordRefund } from "../cancellations/refunds.service";
import { postOrderPaid } from "../ledger/seller-funds";
import { lockListings } from "../listings/listing-locks";
import { notify } from "../notifications/notifications.service";
import { declineOpenOffers } from "../offers/offer-agreement";
import { assertBuyerOf } from "../order-access/order-access.policy";
import type { PaymentEvent, PaymentProvider } from "../payment-providers/payment-provider";
import { statusForStock } from "../stock/listing-stock";
import { alertWatchersOfEnd } from "../watching/watch-alerts";

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  checkoutExpiryMinutes: number;
  log?: (err: unknown, msg: string) => void;
  /** The money rules' clock (the ledger's dates); the system's unless a test moves time. */
  clock?: Clock;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface OrderForPayment {
  id: string;
  buyerId: string;
  buyerEmail: string;
  source: "checkout" | "auction" | "offer";
  status: string;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * Opens a hosted payment session for an order (already committed with its lines) and returns
 * where to send the buyer. The session row is written before the provider is called, so a
 * provider failure releases the reservation instead of leaving it dangling.
 */
export async function startPaymentSession(
  deps: PaymentsDeps,
  order: OrderForPayment,
  options: { session: PaymentSessionRef; cancelUrl: string },
): Promise<{ orderId: string; redirectUrl: string }> {
  const { id: sessionId, expiresAt } = options.session;
  const items = await rows<{ title: string; unitPriceCents: number; quantity: number }>(
    deps.db,
    sql`select title, unit_price_cents as "unitPriceCents", quantity from order_lines
        where order_id = ${order.id} order by id`,
  );
  try {
    const hosted = await deps.provider.createCheckout({
      paymentSessionId: sessionId,
      orderId: order.id,
      items,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      customerEmail: order.buyerEmail,
      successUrl: `/checkout/success?order=${order.id}`,
      cancelUrl: options.cancelUrl,
      expiresAt,
    });
    await deps.db.execute(sql`
      update payment_sessions set provider_session_id = ${hosted.providerSessionId}
      where id = ${sessionId}`);
    return { orderId: order.id, redirectUrl: hosted.redirectUrl };
  } catch (error) {
    deps.log?.(error, "payment provider refused to open a checkout session");
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        update payment_sessions set status = 'cancelled', ended_at = now() where id = ${sessionId}`);
      if (order.source === "checkout")
        await tx.execute(sql`
          update orders set status = 'cancelled' where id = ${order.id} and status = 'pending'`);
    });
    throw new AppError(502, ERROR_CODES.paymentProviderError, "Failed to create checkout session");
  }
}

/** An open payment session: its id (the provider hands it back) and when it lapses. */
export interface PaymentSessionRef {
  id: string;
  expiresAt: Date;
}

/** Inserts the open session row (holding stock when asked); called in the checkout's transaction. */
export async function insertPaymentSession(
  tx: Tx,
  providerId: string,
  orderId: string,
  reservesStock: boolean,
  expiryMinutes: number,
): Promise<PaymentSessionRef> {
  const [row] = await rows<PaymentSessionRef>(
    tx,
    sql`insert into payment_sessions (order_id, provider, status, reserves_stock, expires_at)
        values (${orderId}, ${providerId}, 'open', ${reservesStock},
                now() + make_interval(mins => ${expiryMinutes}))
        returning id, expires_at as "expiresAt"`,
  );
  if (!row) throw new Error("payment session insert returned nothing");
  // The provider's page closes at the same instant the reservation lapses.
  return { id: row.id, expiresAt: new Date(row.expiresAt) };
}

interface SessionRow {
  id: string;
  status: "open" | "complete" | "expired" | "cancelled";
  orderId: string;
  orderStatus: "pending" | "paid" | "cancelled" | "expired";
  source: "checkout" | "auction" | "offer";
  buyerId: string;
  totalCents: number;
}

async function lockSession(tx: Tx, provider: string, paymentSessionId: string) {
  const [row] = await rows<SessionRow>(
    tx,
    sql`select ps.id, ps.status, o.id as "orderId", o.status as "orderStatus", o.source,
          o.buyer_id as "buyerId", o.total_cents as "totalCents"
        from payment_sessions ps join orders o on o.id = ps.order_id
        where ps.id::text = ${paymentSessionId} and ps.provider = ${provider}
        for update of ps, o`,
  );
  return row;
}

/**
 * Takes the order's units out of stock. Every line is checked before any is changed, so the
 * order is filled whole or not at all, and stock never goes below zero. An auction bought with
 * Buy It Now also ends there, sold, unless a bid reached it first.
 */
async function takeStock(tx: Tx, orderId: string, buyerId: string): Promise<boolean> {
  const lines = await rows<{ listingId: string; quantity: number }>(
    tx,
    sql`select listing_id as "listingId", quantity from order_lines where order_id = ${orderId}
        order by listing_id`,
  );
  if (lines.length === 0) return false;
  const ids = uuidList(lines.map((l) => l.listingId));
  await lockListings(
    tx,
    lines.map((l) => l.listingId),
    { withAuctions: true },
  );
  const current = await rows<{
    id: string;
    quantity: number;
    kind: string;
    bidCount: number | null;
    moderation: string;
  }>(
    tx,
    sql`select l.id, l.quantity, l.kind, a.bid_count as "bidCount", l.moderation
        from listings l left join auction_settings a on a.listing_id = l.id where l.id in (${ids})`,
  );
  const fillable = lines.every((line) => {
    const listing = current.find((c) => c.id === line.listingId);
    if (!listing || listing.quantity < line.quantity) return false;
    // Removed (or held, or its seller suspended) while the buyer was paying: refunded, not sold.
    if (listing.moderation !== "visible") return false;
    return listing.kind !== "auction" || (listing.bidCount ?? 0) === 0;
  });
  if (!fillable) return false;
  for (const line of lines) {
    await tx.execute(sql`update listings set quantity = quantity - ${line.quantity},
        status = ${statusForStock(sql`quantity - ${line.quantity}`)}, updated_at = now()
      where id = ${line.listingId}`);
    const listing = current.find((c) => c.id === line.listingId);
    // The last unit, or an auction bought outright: its watchers hear it is gone, and the buyers
    // whose offers wait on it that it can no longer be agreed.
    if (listing && (listing.kind === "auction" || listing.quantity === line.quantity)) {
      await alertWatchersOfEnd(tx, line.listingId, { soldOut: true, exclude: [buyerId] });
      if (listing.kind === "fixed_price")
        await declineOpenOffers(tx, line.listingId, OFFER_MESSAGES.soldOutDecline);
    }
  }
  const auctions = current.filter((c) => c.kind === "auction").map((c) => c.id);
  for (const listingId of auctions) await settleBoughtOutright(tx, listingId, orderId);
  return true;
}

/**
 * Applies one provider event, exactly once: the event id is recorded in the same transaction,
 * so a replay (or a second delivery racing the first) changes nothing. Events may arrive in any
 * order: a completion after an expiry still records the payment when the stock allows.
 */
export async function handlePaymentEvent(deps: PaymentsDeps, event: PaymentEvent): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const fresh = await rows<{ eventId: string }>(
      tx,
      sql`insert into payment_events (provider, event_id, type)
          values (${deps.provider.id}, ${event.id}, ${event.type})
          on conflict do nothing returning event_id as "eventId"`,
    );
    if (fresh.length === 0 || event.kind === "ignored" || !event.paymentSessionId) return;
    const session = await lockSession(tx, deps.provider.id, event.paymentSessionId);
    if (!session) {
      deps.log?.(new Error(event.paymentSessionId), "payment event for an unknown session");
      return;
    }

    if (event.kind === "expired") {
      if (session.status !== "open") return;
      await tx.execute(
        sql`update payment_sessions set status = 'expired', ended_at = now() where id = ${session.id}`,
      );
      if (session.source === "checkout" && session.orderStatus === "pending")
        await tx.execute(sql`update orders set status = 'expired' where id = ${session.orderId}`);
      return;
    }

    // kind === "completed"
    if (session.status === "complete" || session.orderStatus === "paid") return;
    if (event.amountTotalCents !== null && event.amountTotalCents !== session.totalCents) {
      deps.log?.(
        new Error(`${event.amountTotalCents} != ${session.totalCents}`),
        "payment amount differs from the order total; not applied",
      );
      return;
    }
    // An auction's lot and an agreed offer's units left the stock when they were won or agreed;
    // an offer order that lapsed meanwhile (its units back on sale) takes them again if it can.
    const stockTaken =
      session.source === "auction" ||
      (session.source === "offer" && session.orderStatus === "pending") ||
      (await takeStock(tx, session.orderId, session.buyerId));
    // The provider's payment id is what a refund will name later (cancellations, below).
    await tx.execute(
      sql`update payment_sessions set status = 'complete', ended_at = now(),
            provider_payment_id = ${event.providerPaymentId ?? null}
          where id = ${session.id}`,
    );
    if (!stockTaken) {
      // Paid after the reservation lapsed and the stock went to someone else: the whole payment
      // goes back through the provider (the refunds job sends it and tells buyer and sellers).
      // paid_at records that the buyer did pay: Purchase History shows the refund by it.
      await tx.execute(sql`update orders set status = 'cancelled', paid_at = now()
        where id = ${session.orderId}`);
      await recordRefund(tx, {
        now: (deps.clock ?? systemClock).now(),
        orderId: session.orderId,
        sellerId: null,
        amountCents: event.amountTotalCents ?? session.totalCents,
        reason: "unfillable",
        provider: deps.provider.id,
      });
      deps.log?.(new Error(session.orderId), "paid order could not be filled: refunding it");
      return;
    }
    await tx.execute(
      sql`update orders set status = 'paid', paid_at = now() where id = ${session.orderId}`,
    );
    // The sellers' money and fees, in the transaction that makes the order paid.
    await postOrderPaid(tx, session.orderId, (deps.clock ?? systemClock).now());
    // Any other attempt to pay this order is over.
    await tx.execute(sql`update payment_sessions set status = 'cancelled', ended_at = now()
      where order_id = ${session.orderId} and status = 'open'`);
    await paidNotices(tx, session.orderId);
  });
}

/**
 * Stores the buyer's and each seller's notification, with their emails due: the notification
 * email worker sends them (with the order's items) once this transaction commits.
 */
async function paidNotices(tx: Tx, orderId: string): Promise<void> {
  const lines = await rows<{
    title: string;
    quantity: number;
    listingId: string;
    sellerId: string;
    buyerId: string;
    totalCents: number;
  }>(
    tx,
    sql`select ol.title, ol.quantity, ol.listing_id as "listingId", ol.seller_id as "sellerId",
          o.buyer_id as "buyerId", o.total_cents as "totalCents"
        from order_lines ol join orders o on o.id = ol.order_id
        where ol.order_id = ${orderId}`,
  );
  const first = lines[0];
  if (!first) return;
  const number = orderNumber(orderId);
  await notify(tx, [
    {
      userId: first.buyerId,
      kind: "order_paid",
      message: notificationText("order_paid", { number, total: formatMoney(first.totalCents) }),
      link: orderLink(orderId),
      orderId,
    },
    ...lines.map((l) => ({
      userId: l.sellerId,
      kind: "item_sold" as const,
      message: notificationText("item_sold", { quantity: l.quantity, title: l.title, number }),
      link: orderLink(orderId),
      orderId,
      listingId: l.listingId,
    })),
  ]);
}

/**
 * The buyer gave up on paying: open sessions end (and are expired at the provider), and a cart
 * order is cancelled so its stock returns at once. An auction win stays payable.
 */
export async function cancelOrderPayment(
  deps: PaymentsDeps,
  buyerId: string,
  orderId: string,
): Promise<void> {
  const ended = await deps.db.transaction(async (tx) => {
    const [order] = await rows<{ buyerId: string; status: string; source: string }>(
      tx,
      sql`select buyer_id as "buyerId", status, source from orders where id = ${orderId} for update`,
    );
    assertBuyerOf(order, buyerId);
    if (order.status === "paid")
      throw ruleBroken(ERROR_CODES.orderPaid, "This order has been paid and can't be cancelled.");
    const sessions = await rows<{ providerSessionId: string | null }>(
      tx,
      sql`update payment_sessions set status = 'cancelled', ended_at = now()
          where order_id = ${orderId} and status = 'open'
          returning provider_session_id as "providerSessionId"`,
    );
    if (order.source === "checkout" && order.status === "pending")
      await tx.execute(sql`update orders set status = 'cancelled' where id = ${orderId}`);
    return sessions;
  });
  for (const s of ended) {
    if (s.providerSessionId)
      await deps.provider
        .expireCheckout(s.providerSessionId)
        .catch((err) => deps.log?.(err, "could not expire the provider's session"));
  }
}

/**
 * Ends every open session past its expiry and expires the cart orders they held; the stock they
 * reserved is free again. Safe to run from any number of instances at once.
 */
export async function expireDueSessions(db: Db): Promise<number> {
  const expired = await rows<{ orderId: string }>(
    db,
    sql`with due as (
          update payment_sessions set status = 'expired', ended_at = now()
          where status = 'open' and expires_at <= now()
          returning order_id
        )
        update orders o set status = 'expired'
        from due where o.id = due.order_id and o.status = 'pending' and o.source = 'checkout'
          and not exists (select 1 from payment_sessions ps where ps.order_id = o.id
                          and ps.status = 'open' and ps.expires_at > now())
        returning o.id as "orderId"`,
  );
  return expired.length;
}
