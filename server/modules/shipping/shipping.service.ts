import { sql } from "drizzle-orm";
import { carrierName, findCarrier, trackingUrl } from "../../../core/carriers";
import { orderNumber } from "../../../core/cart";
import {
  normalizeTrackingNumber,
  type SaleShipping,
  type Shipment,
  type ShipRequest,
} from "../../../core/contracts/shipping";
import { ERROR_CODES } from "../../../core/errors";
import { notificationText } from "../../../core/notifications";
import { orderLink } from "../../../core/order-links";
import type { Db } from "../../db/client";
import { isoTime, rows, uuidList } from "../../db/rows";
import { conflict, ruleBroken } from "../../errors";
import { scheduleRelease } from "../ledger/seller-funds";
import { notify } from "../notifications/notifications.service";
import { assertBuyerOf } from "../order-access/order-access.policy";
import { assertSellerIn, assertShippable } from "./shipping.policy";

interface ShipmentRow {
  orderId: string;
  sellerId: string;
  method: "shipped" | "pickup";
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | string;
  receivedAt: Date | string | null;
}

const shipmentColumns = sql`s.order_id as "orderId", s.seller_id as "sellerId", s.method, s.carrier,
  s.tracking_number as "trackingNumber", s.shipped_at as "shippedAt", s.received_at as "receivedAt"`;

function toShipment(r: ShipmentRow): Shipment {
  const tracked = r.method === "shipped" && r.carrier && r.trackingNumber;
  return {
    method: r.method,
    carrier: r.carrier,
    carrierName: r.carrier ? carrierName(r.carrier) : null,
    trackingNumber: r.trackingNumber,
    trackingUrl: tracked ? trackingUrl(r.carrier as string, r.trackingNumber as string) : null,
    shippedAt: isoTime(r.shippedAt),
    receivedAt: r.receivedAt ? isoTime(r.receivedAt) : null,
  };
}

/** The key of one seller's part of an order in the maps below. */
export const partKey = (orderId: string, sellerId: string) => `${orderId}/${sellerId}`;

/** The shipments of these orders, by partKey(order, seller): Purchase History's line states. */
export async function shipmentsOf(db: Db, orderIds: string[]): Promise<Map<string, Shipment>> {
  if (orderIds.length === 0) return new Map();
  const found = await rows<ShipmentRow>(
    db,
    sql`select ${shipmentColumns} from shipments s where s.order_id in (${uuidList(orderIds)})`,
  );
  return new Map(found.map((r) => [partKey(r.orderId, r.sellerId), toShipment(r)]));
}

/** What /my/selling shows and offers for the seller's part of each of these orders, by order id. */
export async function saleShippingOf(
  db: Db,
  sellerId: string,
  orderIds: string[],
): Promise<Map<string, SaleShipping>> {
  if (orderIds.length === 0) return new Map();
  const found = await rows<
    Omit<ShipmentRow, "method" | "shippedAt"> & {
      method: ShipmentRow["method"] | null;
      shippedAt: Date | string | null;
      localPickup: boolean;
      canShip: boolean;
      late: boolean;
    }
  >(
    db,
    sql`select o.id as "orderId", ${sellerId}::uuid as "sellerId", s.method, s.carrier,
          s.tracking_number as "trackingNumber", s.shipped_at as "shippedAt",
          s.received_at as "receivedAt",
          (select bool_and(l.local_pickup) from order_lines ol join listings l on l.id = ol.listing_id
            where ol.order_id = o.id and ol.seller_id = ${sellerId}) as "localPickup",
          (o.status = 'paid' and not exists (select 1 from cancellation_requests c
            where c.order_id = o.id and c.seller_id = ${sellerId} and c.status <> 'declined'))
            as "canShip",
          exists (select 1 from late_shipment_flags f
            where f.order_id = o.id and f.seller_id = ${sellerId}) as late
        from orders o
        left join shipments s on s.order_id = o.id and s.seller_id = ${sellerId}
        where o.id in (${uuidList(orderIds)})`,
  );
  return new Map(
    found.map((r) => [
      r.orderId,
      {
        shipment:
          r.method && r.shippedAt
            ? toShipment({ ...r, method: r.method, shippedAt: r.shippedAt })
            : null,
        localPickup: r.localPickup === true,
        canShip: r.canShip && !r.method,
        late: r.late && !r.method,
      },
    ]),
  );
}

/**
 * The seller marks their part of a paid order shipped (carrier and tracking number) or ready for
 * pickup, once; the buyer is told in the same transaction. The order row is locked, so a
 * cancellation asked or answered at the same moment is seen either before or after, never half.
 */
export async function shipOrder(
  db: Db,
  sellerId: string,
  orderId: string,
  input: ShipRequest,
  /** The money rules' clock: a tracked shipment sets the sale's release date from it. */
  now: Date = new Date(),
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const [order] = await rows<{ buyerId: string; status: string }>(
      tx,
      sql`select buyer_id as "buyerId", status from orders where id = ${orderId} for update`,
    );
    const lines = await rows<{ localPickup: boolean }>(
      tx,
      sql`select l.local_pickup as "localPickup" from order_lines ol
          join listings l on l.id = ol.listing_id
          where ol.order_id = ${orderId} and ol.seller_id = ${sellerId}`,
    );
    assertSellerIn(order, lines.length);
    const [cancellation] = await rows<{ status: "requested" | "accepted" | "declined" }>(
      tx,
      sql`select status from cancellation_requests
          where order_id = ${orderId} and seller_id = ${sellerId}`,
    );
    assertShippable(order.status, cancellation?.status ?? null);

    const pickup = input.localPickup === true;
    if (pickup && !lines.every((l) => l.localPickup))
      throw ruleBroken(
        ERROR_CODES.pickupNotOffered,
        "These items are not offered for local pickup: ship them with a carrier.",
      );
    const carrier = pickup
      ? null
      : (findCarrier(input.carrier ?? "")?.key ?? (input.carrier as string));
    const number = pickup ? null : normalizeTrackingNumber(input.trackingNumber as string);

    // The unique (order, seller) key is the "once": a second click, or a second tab, finds it.
    const [created] = await rows<ShipmentRow>(
      tx,
      sql`insert into shipments as s (order_id, seller_id, method, carrier, tracking_number)
          values (${orderId}, ${sellerId}, ${pickup ? "pickup" : "shipped"}, ${carrier}, ${number})
          on conflict (order_id, seller_id) do nothing
          returning ${shipmentColumns}`,
    );
    if (!created)
      throw conflict(
        "You already marked this order shipped. Contact the buyer if something changed.",
        ERROR_CODES.alreadyShipped,
      );

    // Shipped with tracking starts the hold period of the seller's money; a pickup waits for the
    // buyer to confirm they have it.
    if (carrier && number)
      await scheduleRelease(tx, orderId, sellerId, { shippedWithTrackingAt: now });

    const [seller] = await rows<{ username: string }>(
      tx,
      sql`select username from users where id = ${sellerId}`,
    );
    await notify(tx, [
      {
        userId: order.buyerId,
        kind: "order_shipped",
        message: notificationText("order_shipped", {
          seller: seller?.username ?? "The seller",
          number: orderNumber(orderId),
          pickup,
        }),
        link: orderLink(orderId),
        orderId,
      },
    ]);
    return toShipment(created);
  });
}

/**
 * The buyer marks what was shipped to them (or made ready for pickup) received; each seller whose
 * part it was is told. Anything already received stays as it was.
 */
export async function receiveOrder(
  db: Db,
  buyerId: string,
  orderId: string,
  /** The money rules' clock: confirmed delivery sets each part's release date from it. */
  now: Date = new Date(),
): Promise<{ received: number }> {
  return db.transaction(async (tx) => {
    const [order] = await rows<{ buyerId: string; username: string }>(
      tx,
      sql`select o.buyer_id as "buyerId", u.username from orders o join users u on u.id = o.buyer_id
          where o.id = ${orderId} for update of o`,
    );
    assertBuyerOf(order, buyerId);
    const received = await rows<{ sellerId: string }>(
      tx,
      // Stamped by the money clock, as the release date is: a return window judged by that clock
      // then runs from this moment however far a test (or the e2e suite) has moved the clock.
      sql`update shipments set received_at = ${now}
          where order_id = ${orderId} and received_at is null
          returning seller_id as "sellerId"`,
    );
    if (received.length === 0) {
      const [any] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from shipments where order_id = ${orderId}`,
      );
      throw conflict(
        any?.n
          ? "You already marked this order received."
          : "Nothing in this order has shipped yet.",
        ERROR_CODES.nothingToReceive,
      );
    }
    for (const r of received) await scheduleRelease(tx, orderId, r.sellerId, { deliveredAt: now });
    const number = orderNumber(orderId);
    await notify(
      tx,
      received.map((r) => ({
        userId: r.sellerId,
        kind: "order_received" as const,
        message: notificationText("order_received", { buyer: order.username, number }),
        link: orderLink(orderId),
        orderId,
      })),
    );
    return { received: received.length };
  });
}
