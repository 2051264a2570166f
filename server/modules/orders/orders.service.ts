import { type SQL, sql } from "drizzle-orm";
import { orderNumber } from "../../../core/cart";
import type {
  Order,
  OrderListQuery,
  OrderPage,
  Sale,
  SalePage,
} from "../../../core/contracts/buying";
import { ERROR_CODES } from "../../../core/errors";
import { OFFER_RULES } from "../../../core/offers";
import type { Db } from "../../db/client";
import { isoTime, rows, uuidList } from "../../db/rows";
import { notFound } from "../../errors";
import { buyerFeedbackOf, feedbackOnLines, sellerFeedbackOf } from "../feedback/feedback.service";
import { assertBuyerOf } from "../order-access/order-access.policy";
import { earningsOfSales } from "../seller-payments/seller-payments.service";
import { partKey, saleShippingOf, shipmentsOf } from "../shipping/shipping.service";

interface OrderRow {
  id: string;
  status: Order["status"];
  source: Order["source"];
  createdAt: Date | string;
  paidAt: Date | string | null;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  total: number;
  reservedUntil: Date | string | null;
  deliverTo: string | null;
}

interface ItemRow {
  orderId: string;
  listingId: string;
  title: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  shippingCents: number;
  sellerId: string;
  sellerUsername: string;
  lineId: string;
}

async function withItems(db: Db, orders: OrderRow[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  const items = await rows<ItemRow>(
    db,
    sql`select ol.order_id as "orderId", ol.listing_id as "listingId", ol.title,
          ol.image_url as "imageUrl", ol.quantity, ol.unit_price_cents as "unitPriceCents",
          ol.shipping_cents as "shippingCents", u.id as "sellerId", u.username as "sellerUsername",
          ol.id as "lineId"
        from order_lines ol join users u on u.id = ol.seller_id
        where ol.order_id in (${uuidList(orders.map((o) => o.id))})
        order by ol.id`,
  );
  const feedback = await feedbackOnLines(
    db,
    items.map((i) => i.lineId),
  );
  const shipments = await shipmentsOf(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((o) => {
    const mine = items.filter((i) => i.orderId === o.id);
    return {
      id: o.id,
      number: orderNumber(o.id),
      status: o.status,
      source: o.source,
      createdAt: isoTime(o.createdAt),
      paidAt: o.paidAt ? isoTime(o.paidAt) : null,
      subtotalCents: o.subtotalCents,
      shippingCents: o.shippingCents,
      taxCents: o.taxCents,
      totalCents: o.totalCents,
      itemCount: mine.reduce((sum, i) => sum + i.quantity, 0),
      items: mine.map((i) => ({
        listingId: i.listingId,
        title: i.title,
        imageUrl: i.imageUrl,
        quantity: i.quantity,
        unitPriceCents: i.unitPriceCents,
        shippingCents: i.shippingCents,
        seller: { id: i.sellerId, username: i.sellerUsername },
        shipment: shipments.get(partKey(o.id, i.sellerId)) ?? null,
        ...buyerFeedbackOf(feedback.get(i.lineId), i.lineId),
      })),
      // Awaiting payment: Pay now resumes or reopens it (unpaid-orders.service). A cart order that
      // expired is bought again from the cart; an auction win is never cancelled by its buyer.
      canPay: o.status === "pending",
      canCancel: o.status === "pending" && o.source === "checkout",
      reservedUntil: o.reservedUntil ? isoTime(o.reservedUntil) : null,
      deliverTo: o.deliverTo,
    };
  });
}

const orderColumns = sql`o.id, o.status, o.source, o.created_at as "createdAt", o.paid_at as "paidAt",
  o.subtotal_cents as "subtotalCents", o.shipping_cents as "shippingCents", o.tax_cents as "taxCents",
  o.total_cents as "totalCents", o.deliver_to as "deliverTo",
  case when o.source = 'offer' and o.status = 'pending'
    -- An agreed offer holds its units until its payment deadline (offer-expiry.ts).
    then (select agreed.answered_at from offers agreed where agreed.order_id = o.id)
      + make_interval(hours => ${OFFER_RULES.payHours})
    else (select max(ps.expires_at) from payment_sessions ps where ps.order_id = o.id and ps.status = 'open'
     and ps.reserves_stock and ps.expires_at > now()) end as "reservedUntil"`;

/** The buyer's orders, newest first. */
export async function listMyOrders(
  db: Db,
  buyerId: string,
  query: OrderListQuery,
): Promise<OrderPage> {
  const { pageSize } = query;
  const page = query.order
    ? await pageHolding(
        db,
        sql`select o.id as "orderId", row_number() over (order by o.created_at desc, o.id) as n
            from orders o where o.buyer_id = ${buyerId}`,
        query.order,
        query,
      )
    : query.page;
  const found = await rows<OrderRow>(
    db,
    sql`select ${orderColumns}, count(*) over ()::int as total from orders o
        where o.buyer_id = ${buyerId}
        order by o.created_at desc, o.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page > 1) {
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders where buyer_id = ${buyerId}`,
    );
    total = count?.n ?? 0;
  }
  return { items: await withItems(db, found), total, page, pageSize };
}

/**
 * The page of a list that holds the order: `numbered` gives each row of the list its position
 * ("orderId", n, in the list's own order). An order the list does not hold (someone else's, or
 * one the list leaves out) answers the page asked for, so nothing is told about it.
 */
async function pageHolding(
  db: Db,
  numbered: SQL,
  orderId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select min(n)::int as n from (${numbered}) numbered where "orderId" = ${orderId}`,
  );
  return row?.n ? Math.ceil(row.n / pageSize) : page;
}

/** The buyer's orders awaiting payment (Pay now / Cancel, the cart's offer to resume), newest first. */
export async function listUnpaidOrders(db: Db, buyerId: string): Promise<Order[]> {
  const found = await rows<OrderRow>(
    db,
    sql`select ${orderColumns}, 0 as total from orders o
        where o.buyer_id = ${buyerId} and o.status = 'pending'
        order by o.created_at desc, o.id limit 20`,
  );
  return withItems(db, found);
}

/** One order, for its buyer only (someone else's reads as not found). */
export async function getOrder(db: Db, buyerId: string, orderId: string): Promise<Order> {
  const [found] = await rows<OrderRow & { buyerId: string }>(
    db,
    sql`select ${orderColumns}, 0 as total, o.buyer_id as "buyerId" from orders o where o.id = ${orderId}`,
  );
  assertBuyerOf(found, buyerId);
  const [order] = await withItems(db, [found]);
  if (!order) throw notFound("Order not found.", ERROR_CODES.orderNotFound);
  return order;
}

const NOT_SHIPPING = { shipment: null, localPickup: false, canShip: false, late: false };

/**
 * The orders a seller's sales hold: paid ones, and won auctions and agreed offers awaiting
 * payment (a cart's checkout not yet paid is the buyer's business only).
 */
export const IN_SALES = sql`(o.status = 'paid' or (o.status = 'pending' and o.source in ('auction', 'offer')))`;

/** What the seller has sold (paid) or is waiting to be paid for, newest first. */
export async function listMySales(
  db: Db,
  sellerId: string,
  query: OrderListQuery,
): Promise<SalePage> {
  const { pageSize } = query;
  // The same rows in the same order as the page below; an order's first line decides its page.
  const page = query.order
    ? await pageHolding(
        db,
        sql`select o.id as "orderId",
              row_number() over (order by coalesce(o.paid_at, o.created_at) desc, ol.id) as n
            from order_lines ol join orders o on o.id = ol.order_id
            where ol.seller_id = ${sellerId} and ${IN_SALES}`,
        query.order,
        query,
      )
    : query.page;
  const { items, total } = await salesWhere(
    db,
    sellerId,
    sql`true`,
    sql`limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { items, total, page, pageSize };
}

/** The seller's lines of one order, as Selling lists them (none when it is not in their sales). */
export async function salesOfOrder(db: Db, sellerId: string, orderId: string): Promise<Sale[]> {
  return (await salesWhere(db, sellerId, sql`o.id = ${orderId}`, sql``)).items;
}

/**
 * The seller's sold lines that `filter` keeps, in Selling's order, with their feedback, shipping
 * and earnings: the rows of /my/selling's "Sold" and of the order page.
 */
async function salesWhere(
  db: Db,
  sellerId: string,
  filter: SQL,
  limit: SQL,
): Promise<{ items: Sale[]; total: number }> {
  const found = await rows<{
    orderId: string;
    listingId: string;
    title: string;
    imageUrl: string | null;
    quantity: number;
    unitPriceCents: number;
    shippingCents: number;
    buyerId: string;
    buyerUsername: string;
    status: Sale["status"];
    createdAt: Date | string;
    paidAt: Date | string | null;
    lineId: string;
    total: number;
  }>(
    db,
    sql`select o.id as "orderId", ol.listing_id as "listingId", ol.title, ol.image_url as "imageUrl",
          ol.quantity, ol.unit_price_cents as "unitPriceCents", ol.shipping_cents as "shippingCents",
          b.id as "buyerId", b.username as "buyerUsername", o.status, o.created_at as "createdAt",
          o.paid_at as "paidAt", ol.id as "lineId", count(*) over ()::int as total
        from order_lines ol join orders o on o.id = ol.order_id join users b on b.id = o.buyer_id
        where ol.seller_id = ${sellerId} and ${IN_SALES} and ${filter}
        order by coalesce(o.paid_at, o.created_at) desc, ol.id
        ${limit}`,
  );
  const feedback = await feedbackOnLines(
    db,
    found.map((s) => s.lineId),
  );
  const orderIds = [...new Set(found.map((s) => s.orderId))];
  const shipping = await saleShippingOf(db, sellerId, orderIds);
  // "You earn": the seller's part of each order from the ledger, as /my/payments lists it.
  const earnings = await earningsOfSales(db, sellerId, orderIds);
  return {
    items: found.map((s) => ({
      ...sellerFeedbackOf(feedback.get(s.lineId), s.lineId),
      orderId: s.orderId,
      number: orderNumber(s.orderId),
      listingId: s.listingId,
      title: s.title,
      imageUrl: s.imageUrl,
      quantity: s.quantity,
      unitPriceCents: s.unitPriceCents,
      shippingCents: s.shippingCents,
      buyer: { id: s.buyerId, username: s.buyerUsername },
      status: s.status,
      createdAt: isoTime(s.createdAt),
      paidAt: s.paidAt ? isoTime(s.paidAt) : null,
      shipping: shipping.get(s.orderId) ?? NOT_SHIPPING,
      earnings: earnings.get(s.orderId) ?? null,
    })),
    total: found[0]?.total ?? 0,
  };
}
