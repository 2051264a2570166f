import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../../core/cart";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { flagLateShipments } from "./late-shipments";

const t = setUpTestApp();
let sellerId: string;
let sellerName: string;
let seller: Agent;
let otherSeller: { id: string; agent: Agent };
let buyerId: string;
let buyerName: string;
let buyer: Agent;
let stranger: Agent;

const CARD = {
  cardNumber: "4242 4242 4242 4242",
  expiry: "12/40",
  cvc: "123",
  name: "Keisha Brown",
};

/** Buys one of each listing as `who` through checkout and the sandbox; answers the order id. */
async function buy(who: Agent, listingIds: string[], pay = true): Promise<string> {
  const res = await who.post("/api/checkout", {
    lines: listingIds.map((listingId) => ({ listingId, quantity: 1 })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { orderId, redirectUrl } = res.json() as { orderId: string; redirectUrl: string };
  if (pay) {
    const session = redirectUrl.split("/pay/sandbox/")[1];
    const paid = await who.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return orderId;
}

async function listing(owner = sellerId, localPickup = false) {
  return createListing(t.database.db, {
    sellerId: owner,
    title: `Conch shell ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 2500,
    quantity: 5,
    localPickup,
  });
}

async function notices(userId: string, kind: string, orderId: string) {
  return rows<{ message: string; link: string }>(
    t.database.db,
    sql`select message, link from notifications
        where user_id = ${userId} and kind = ${kind} and order_id = ${orderId}`,
  );
}

const ship = (who: Agent, orderId: string, body: unknown) =>
  who.post(`/api/orders/${orderId}/shipments`, body);

beforeAll(async () => {
  const s = await createUser(t.database.db, "shipper");
  sellerId = s.id;
  sellerName = s.username;
  seller = await signedInAgent(t.app, t.database.db, s.id);
  const o = await createUser(t.database.db, "other");
  otherSeller = { id: o.id, agent: await signedInAgent(t.app, t.database.db, o.id) };
  const b = await createUser(t.database.db, "buyer");
  buyerId = b.id;
  buyerName = b.username;
  buyer = await signedInAgent(t.app, t.database.db, b.id);
  stranger = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db)).id);
});

describe("POST /api/orders/{id}/shipments", () => {
  it("ships the seller's part with a tracking link, tells the buyer, and shows it to both", async () => {
    const item = await listing();
    const orderId = await buy(buyer, [item.id]);
    const res = await ship(seller, orderId, {
      carrier: "ups",
      trackingNumber: "1Z 999 AA1 0123456784",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      method: "shipped",
      carrier: "ups",
      carrierName: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      receivedAt: null,
    });

    const told = await notices(buyerId, "order_shipped", orderId);
    expect(told).toEqual([
      {
        message: `${sellerName} shipped order ${orderNumber(orderId)}.`,
        link: `/orders/${orderId}`,
      },
    ]);

    const order = (await buyer.get(`/api/orders/${orderId}`)).json();
    expect(order.items[0].shipment).toMatchObject({ carrierName: "UPS", method: "shipped" });
    const sales = (await seller.get("/api/me/sales?pageSize=50")).json();
    const sale = sales.items.find((s: { orderId: string }) => s.orderId === orderId);
    expect(sale.shipping).toMatchObject({
      canShip: false,
      late: false,
      shipment: { trackingNumber: "1Z999AA10123456784" },
    });
  });

  it("answers 409 to a second shipment of the same part", async () => {
    const orderId = await buy(buyer, [(await listing()).id]);
    expect(
      (await ship(seller, orderId, { carrier: "fedex", trackingNumber: "123456789012" }))
        .statusCode,
    ).toBe(201);
    const again = await ship(seller, orderId, {
      carrier: "dhl_express",
      trackingNumber: "1234567890",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("already_shipped");
    expect(await notices(buyerId, "order_shipped", orderId)).toHaveLength(1);
  });

  it("keeps an unknown carrier's name and links nothing", async () => {
    const orderId = await buy(buyer, [(await listing()).id]);
    const res = await ship(seller, orderId, {
      carrier: "Island Courier",
      trackingNumber: "IC-4471",
    });
    expect(res.json()).toMatchObject({
      carrier: "Island Courier",
      carrierName: "Island Courier",
      trackingNumber: "IC4471",
      trackingUrl: null,
    });
    const named = await buy(buyer, [(await listing()).id]);
    const post = await ship(seller, named, {
      carrier: "Jamaica Post",
      trackingNumber: "RR123456789JM",
    });
    expect(post.json()).toMatchObject({ carrier: "jamaica_post", trackingUrl: null });
  });

  it("is 404 to anyone but a seller in the order, the buyer included", async () => {
    const orderId = await buy(buyer, [(await listing()).id]);
    const body = { carrier: "ups", trackingNumber: "1Z1" };
    for (const who of [buyer, stranger, otherSeller.agent]) {
      const res = await ship(who, orderId, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("order_not_found");
    }
    const missing = await ship(seller, "6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f", body);
    expect(missing.statusCode).toBe(404);
  });

  it("ships each seller's part of a shared order on its own", async () => {
    const mine = await listing();
    const theirs = await listing(otherSeller.id);
    const orderId = await buy(buyer, [mine.id, theirs.id]);
    expect(
      (await ship(seller, orderId, { carrier: "usps", trackingNumber: "9400100000000000000000" }))
        .statusCode,
    ).toBe(201);
    const order = (await buyer.get(`/api/orders/${orderId}`)).json();
    const byListing = (id: string) =>
      order.items.find((i: { listingId: string }) => i.listingId === id);
    expect(byListing(mine.id).shipment.carrierName).toBe("USPS");
    expect(byListing(theirs.id).shipment).toBeNull();
    expect(
      (await ship(otherSeller.agent, orderId, { carrier: "ups", trackingNumber: "1Z2" }))
        .statusCode,
    ).toBe(201);
  });

  it("refuses an unpaid order, a cancelled one, and one with a cancellation asked or accepted", async () => {
    const body = { carrier: "ups", trackingNumber: "1Z3" };
    const unpaid = await buy(buyer, [(await listing()).id], false);
    const res = await ship(seller, unpaid, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "order_not_shippable",
      message: "This order is not paid yet: ship it once the buyer pays.",
    });
    await t.database.db.execute(sql`update orders set status = 'cancelled' where id = ${unpaid}`);
    expect((await ship(seller, unpaid, body)).json().error.message).toBe(
      "This order was cancelled: there is nothing to ship.",
    );

    const asked = await buy(buyer, [(await listing()).id]);
    await t.database.db.execute(
      sql`insert into cancellation_requests (order_id, seller_id) values (${asked}, ${sellerId})`,
    );
    expect(
      (await seller.get("/api/me/sales?pageSize=50"))
        .json()
        .items.find((s: { orderId: string }) => s.orderId === asked).shipping.canShip,
    ).toBe(false);
    const whileAsked = await ship(seller, asked, body);
    expect(whileAsked.statusCode).toBe(409);
    expect(whileAsked.json().error.message).toMatch(/asked to cancel/);
    await t.database.db.execute(
      sql`update cancellation_requests set status = 'accepted' where order_id = ${asked}`,
    );
    expect((await ship(seller, asked, body)).json().error.message).toMatch(
      /accepted the buyer's cancellation/,
    );
    await t.database.db.execute(
      sql`update cancellation_requests set status = 'declined' where order_id = ${asked}`,
    );
    expect((await ship(seller, asked, body)).statusCode).toBe(201);
  });

  it("offers ready for pickup only when every line of the seller's part offers local pickup", async () => {
    const pickupItem = await listing(sellerId, true);
    const orderId = await buy(buyer, [pickupItem.id]);
    const sale = (await seller.get("/api/me/sales?pageSize=50"))
      .json()
      .items.find((s: { orderId: string }) => s.orderId === orderId);
    expect(sale.shipping).toMatchObject({ localPickup: true, canShip: true, shipment: null });
    const res = await ship(seller, orderId, { localPickup: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      method: "pickup",
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    expect((await notices(buyerId, "order_shipped", orderId))[0]?.message).toBe(
      `${sellerName} has order ${orderNumber(orderId)} ready for pickup.`,
    );

    const mixed = await buy(buyer, [(await listing(sellerId, true)).id, (await listing()).id]);
    const refused = await ship(seller, mixed, { localPickup: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("pickup_not_offered");
  });

  it("refuses bad input with 400 and a clear message", async () => {
    const orderId = await buy(buyer, [(await listing()).id]);
    const cases: [unknown, string][] = [
      [{}, "Choose or enter the carrier"],
      [{ carrier: "ups" }, "Enter the tracking number"],
      [
        { carrier: "ups", trackingNumber: "<script>" },
        "Tracking number may have only letters, digits, spaces and dashes",
      ],
      [
        { carrier: "ups", trackingNumber: "1".repeat(41) },
        "Tracking number must be at most 40 characters",
      ],
      [{ localPickup: true, carrier: "ups" }, "A local pickup has no carrier or tracking number"],
      [{ localPickup: false }, "localPickup must be true when given"],
    ];
    for (const [body, message] of cases) {
      const res = await ship(seller, orderId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(
      (await ship(seller, "not-a-uuid", { carrier: "ups", trackingNumber: "1" })).statusCode,
    ).toBe(400);
  });
});

describe("POST /api/orders/{id}/received", () => {
  it("lets the buyer mark shipped parts received, telling each seller, once", async () => {
    const orderId = await buy(buyer, [(await listing()).id]);
    const early = await buyer.post(`/api/orders/${orderId}/received`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: "nothing_to_receive",
      message: "Nothing in this order has shipped yet.",
    });

    await ship(seller, orderId, { carrier: "ups", trackingNumber: "1Z4" });
    for (const who of [seller, stranger]) {
      const res = await who.post(`/api/orders/${orderId}/received`);
      expect(res.statusCode).toBe(404);
    }
    const res = await buyer.post(`/api/orders/${orderId}/received`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: 1 });
    expect(await notices(sellerId, "order_received", orderId)).toEqual([
      {
        message: `${buyerName} received order ${orderNumber(orderId)}.`,
        link: `/orders/${orderId}`,
      },
    ]);
    const order = (await buyer.get(`/api/orders/${orderId}`)).json();
    expect(order.items[0].shipment.receivedAt).toEqual(expect.any(String));

    const again = await buyer.post(`/api/orders/${orderId}/received`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You already marked this order received.");
    expect(await notices(sellerId, "order_received", orderId)).toHaveLength(1);
  });
});

describe("late shipments", () => {
  it("flags a part not shipped within 3 business days to both sides, once across runs", async () => {
    const late = await buy(buyer, [(await listing()).id]);
    const shipped = await buy(buyer, [(await listing()).id]);
    const fresh = await buy(buyer, [(await listing()).id]);
    await ship(seller, shipped, { carrier: "ups", trackingNumber: "1Z5" });
    // Paid on Monday 10:00 (Atlantic time): due Thursday 10:00.
    const monday = new Date("2026-11-16T10:00:00-04:00");
    await t.database.db.execute(
      sql`update orders set paid_at = ${monday.toISOString()}::timestamptz
          where id in (${late}, ${shipped})`,
    );
    await t.database.db.execute(
      sql`update orders set paid_at = ${new Date("2026-11-18T10:00:00-04:00").toISOString()}::timestamptz
          where id = ${fresh}`,
    );
    const isLate = async (orderId: string) =>
      (await seller.get("/api/me/sales?pageSize=50"))
        .json()
        .items.find((s: { orderId: string }) => s.orderId === orderId).shipping.late;

    // Wednesday evening: not yet.
    await flagLateShipments(t.database.db, new Date("2026-11-18T20:00:00-04:00"));
    expect(await notices(sellerId, "shipping_late", late)).toEqual([]);

    // Thursday 10:01: the Monday order is late; twice at once still tells once.
    const thursday = new Date("2026-11-19T10:01:00-04:00");
    await Promise.all([
      flagLateShipments(t.database.db, thursday),
      flagLateShipments(t.database.db, thursday),
    ]);
    await flagLateShipments(t.database.db, thursday);
    const number = orderNumber(late);
    expect(await notices(sellerId, "shipping_late", late)).toEqual([
      {
        message: `Order ${number} is past its handling time: please ship it or contact the buyer.`,
        link: `/orders/${late}`,
      },
    ]);
    expect(await notices(buyerId, "shipping_late", late)).toHaveLength(1);
    expect(await isLate(late)).toBe(true);
    expect(await notices(sellerId, "shipping_late", shipped)).toEqual([]);
    expect(await notices(sellerId, "shipping_late", fresh)).toEqual([]);

    // Wednesday paid: due Monday (the weekend does not count), not Saturday.
    await flagLateShipments(t.database.db, new Date("2026-11-21T12:00:00-04:00"));
    expect(await notices(sellerId, "shipping_late", fresh)).toEqual([]);
    await flagLateShipments(t.database.db, new Date("2026-11-23T10:01:00-04:00"));
    expect(await notices(buyerId, "shipping_late", fresh)).toHaveLength(1);

    // Shipping it afterwards clears the mark on the sale.
    await ship(seller, late, { carrier: "ups", trackingNumber: "1Z6" });
    expect(await isLate(late)).toBe(false);
  });
});
