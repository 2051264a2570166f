import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

// A notification about an order opens that order's page, for its buyer and its seller alike;
// Purchase History and Selling still open whichever page of their list holds an order named by
// `?order=` (the links sent before the order page).

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana Ruiz" };
const ORDERS = 7;

const t = setUpTestApp();
let sellerId: string;
let seller: Agent;
let buyerId: string;
let buyer: Agent;
let stranger: Agent;
/** Oldest first: the first is on the last page of a list that shows newest first. */
const orderIds: string[] = [];

async function buy(listingId: string): Promise<string> {
  const res = await buyer.post("/api/checkout", { lines: [{ listingId, quantity: 1 }] });
  expect(res.statusCode, res.body).toBe(201);
  const { orderId, redirectUrl } = res.json() as { orderId: string; redirectUrl: string };
  const session = redirectUrl.split("/pay/sandbox/")[1];
  const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

beforeAll(async () => {
  const s = await createUser(t.database.db, "linkseller");
  sellerId = s.id;
  seller = await signedInAgent(t.app, t.database.db, s.id);
  const b = await createUser(t.database.db, "linkbuyer");
  buyerId = b.id;
  buyer = await signedInAgent(t.app, t.database.db, b.id);
  stranger = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db)).id);
  for (let i = 0; i < ORDERS; i++) {
    const listing = await createListing(t.database.db, {
      sellerId,
      title: `Sea glass pendant ${i}`,
      priceCents: 1500,
      quantity: 1,
    });
    orderIds.push(await buy(listing.id));
  }
});

async function linkOf(userId: string, kind: string, orderId: string) {
  const [row] = await rows<{ link: string }>(
    t.database.db,
    sql`select link from notifications where user_id = ${userId} and kind = ${kind} and order_id = ${orderId}`,
  );
  return row?.link;
}

describe("an order's notification", () => {
  it("links the buyer and the seller to the order's page", async () => {
    const [first] = orderIds;
    expect(await linkOf(buyerId, "order_paid", first as string)).toBe(`/orders/${first}`);
    expect(await linkOf(sellerId, "item_sold", first as string)).toBe(`/orders/${first}`);
  });
});

describe("GET /api/me/orders?order=", () => {
  it("answers the page that holds the order, even past the first", async () => {
    const oldest = orderIds[0] as string;
    const res = await buyer.get(`/api/me/orders?order=${oldest}&pageSize=3`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { page: number; total: number; items: { id: string }[] };
    expect(page).toMatchObject({ page: 3, total: ORDERS });
    expect(page.items.map((o) => o.id)).toEqual([oldest]);
    const middle = orderIds[3] as string;
    const second = (await buyer.get(`/api/me/orders?order=${middle}&pageSize=3`)).json();
    expect(second.page).toBe(2);
    expect(second.items.map((o: { id: string }) => o.id)).toContain(middle);
  });

  it("finds nothing of someone else's order: the first page, as without it", async () => {
    const res = await stranger.get(`/api/me/orders?order=${orderIds[0]}&pageSize=3`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, total: 0, items: [] });
  });

  it("refuses an order id that is not one", async () => {
    const res = await buyer.get("/api/me/orders?order=42");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("order must be a UUID");
  });
});

describe("GET /api/me/sales?order=", () => {
  it("answers the page of sales that holds the order", async () => {
    const oldest = orderIds[0] as string;
    const res = await seller.get(`/api/me/sales?order=${oldest}&pageSize=3`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { page: number; items: { orderId: string }[] };
    expect(page.page).toBe(3);
    expect(page.items.map((s) => s.orderId)).toEqual([oldest]);
    // The buyer sold nothing: their sales do not hold it.
    expect((await buyer.get(`/api/me/sales?order=${oldest}&pageSize=3`)).json()).toMatchObject({
      page: 1,
      items: [],
    });
  });
});
