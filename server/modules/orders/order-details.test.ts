import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderDetails } from "../../../core/contracts/buying";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

// GET /api/orders/{id}/details: the order page for its buyer and each of its sellers, with the
// timeline of what happened; nobody else learns the order exists.

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana Ruiz" };

const t = setUpTestApp();
let buyer: Agent;
let buyerName: string;
let shopA: { id: string; name: string; agent: Agent };
let shopB: { id: string; name: string; agent: Agent };
let stranger: Agent;
let territory: { slug: string; name: string };
let territoryId: string;

async function person(name: string) {
  const user = await createUser(t.database.db, name);
  return {
    id: user.id,
    name: user.username,
    agent: await signedInAgent(t.app, t.database.db, user.id),
  };
}

async function listing(sellerId: string, title: string, priceCents = 2000) {
  return createListing(t.database.db, { sellerId, title, priceCents, quantity: 3, territoryId });
}

/** One order of these listings through checkout; paid through the sandbox unless `pay` is false. */
async function buy(listingIds: string[], pay = true): Promise<string> {
  const res = await buyer.post("/api/checkout", {
    lines: listingIds.map((listingId) => ({ listingId, quantity: 1 })),
    deliverTo: territory.slug,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { orderId, redirectUrl } = res.json() as { orderId: string; redirectUrl: string };
  if (pay) {
    const session = redirectUrl.split("/pay/sandbox/")[1];
    const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return orderId;
}

async function details(who: Agent, orderId: string): Promise<OrderDetails> {
  const res = await who.get(`/api/orders/${orderId}/details`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderDetails;
}

const kinds = (d: OrderDetails) =>
  d.timeline.map((e) => `${e.kind}${e.seller ? `:${e.seller.username}` : ""}`);

beforeAll(async () => {
  const b = await person("pagebuyer");
  buyer = b.agent;
  buyerName = b.name;
  shopA = await person("pageshopa");
  shopB = await person("pageshopb");
  stranger = (await person("pagenosy")).agent;
  // The listings ship from it, and the order goes there (the same territory's shipping).
  const [first] = await rows<{ id: string; slug: string; name: string }>(
    t.database.db,
    sql`select id, slug, name from territories where is_active order by slug limit 1`,
  );
  if (!first) throw new Error("no territory in the demo data");
  territoryId = first.id;
  territory = { slug: first.slug, name: first.name };
});

describe("GET /api/orders/{id}/details", () => {
  it("shows the buyer the whole order and each seller only their part, with its timeline", async () => {
    const a = await listing(shopA.id, "Carved mahogany bowl");
    const b = await listing(shopB.id, "Woven palm hat", 1500);
    const orderId = await buy([a.id, b.id]);

    // A ships with tracking; the buyer asks B to cancel, B accepts and the part is refunded.
    const shipped = await shopA.agent.post(`/api/orders/${orderId}/shipments`, {
      carrier: "ups",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const asked = await buyer.post(`/api/orders/${orderId}/cancel`, {
      reason: "Found one closer to home.",
      sellerId: shopB.id,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const accepted = await shopB.agent.post(`/api/orders/${orderId}/cancellation/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The buyer receives A's parcel and leaves feedback.
    expect((await buyer.post(`/api/orders/${orderId}/received`)).statusCode).toBe(200);
    const mine = await details(buyer, orderId);
    const lineA = mine.purchase?.items.find((i) => i.listingId === a.id)?.lineId;
    const feedback = await buyer.post(`/api/orders/${orderId}/lines/${lineA}/feedback`, {
      rating: "positive",
      stars: 5,
      comment: "Beautiful bowl, well packed.",
    });
    expect(feedback.statusCode, feedback.body).toBe(201);

    const asBuyer = await details(buyer, orderId);
    expect(asBuyer).toMatchObject({
      id: orderId,
      number: orderId.slice(0, 8),
      status: "paid",
      source: "checkout",
      viewer: "buyer",
      buyer: { username: buyerName },
      deliverTo: territory,
      sales: [],
    });
    expect(asBuyer.purchase?.items.map((i) => i.title).sort()).toEqual([
      "Carved mahogany bowl",
      "Woven palm hat",
    ]);
    expect(kinds(asBuyer)).toEqual([
      "placed",
      "paid",
      `shipped:${shopA.name}`,
      `cancellation_requested:${shopB.name}`,
      `cancellation_accepted:${shopB.name}`,
      `refund_issued:${shopB.name}`,
      `refunded:${shopB.name}`,
      `received:${shopA.name}`,
      `feedback_from_buyer:${shopA.name}`,
    ]);
    const at = asBuyer.timeline.map((e) => e.at);
    expect([...at].sort()).toEqual(at);
    expect(asBuyer.timeline.find((e) => e.kind === "shipped")).toMatchObject({
      carrierName: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
    expect(asBuyer.timeline.find((e) => e.kind === "cancellation_requested")?.note).toBe(
      "Found one closer to home.",
    );
    const refunded = asBuyer.timeline.find((e) => e.kind === "refunded");
    expect(refunded?.amountCents).toBeGreaterThan(1500);
    expect(asBuyer.timeline.find((e) => e.kind === "feedback_from_buyer")?.rating).toBe("positive");

    // Each seller: their own lines, as Selling shows them, and their part's events only.
    const asA = await details(shopA.agent, orderId);
    expect(asA).toMatchObject({ viewer: "seller", purchase: null, deliverTo: territory });
    expect(asA.sales.map((s) => s.title)).toEqual(["Carved mahogany bowl"]);
    expect(asA.sales[0]).toMatchObject({
      orderId,
      buyer: { username: buyerName },
      shipping: { shipment: { carrierName: "UPS" } },
      feedbackFromBuyer: { rating: "positive" },
    });
    expect(kinds(asA)).toEqual([
      "placed",
      "paid",
      `shipped:${shopA.name}`,
      `received:${shopA.name}`,
      `feedback_from_buyer:${shopA.name}`,
    ]);
    const asB = await details(shopB.agent, orderId);
    expect(asB.sales.map((s) => s.title)).toEqual(["Woven palm hat"]);
    expect(kinds(asB)).toEqual([
      "placed",
      "paid",
      `cancellation_requested:${shopB.name}`,
      `cancellation_accepted:${shopB.name}`,
      `refund_issued:${shopB.name}`,
      `refunded:${shopB.name}`,
    ]);
    // What B sees says nothing of A's parcel.
    expect(JSON.stringify(asB)).not.toContain("1Z999AA10123456784");
  });

  it("is nobody else's: strangers, signed-out visitors and a seller before payment are not told", async () => {
    const a = await listing(shopA.id, "Coconut shell lamp");
    const paid = await buy([a.id]);
    expect((await stranger.get(`/api/orders/${paid}/details`)).statusCode).toBe(404);
    expect((await shopB.agent.get(`/api/orders/${paid}/details`)).statusCode).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const none = await buyer.get(`/api/orders/${unknown}/details`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe("order_not_found");
    expect((await buyer.get("/api/orders/not-an-id/details")).statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: "GET", url: `/api/orders/${paid}/details` });
    expect(signedOut.statusCode).toBe(401);

    // A checkout not paid yet is the buyer's business: they may pay it, its seller sees nothing.
    const unpaid = await buy([a.id], false);
    const pending = await details(buyer, unpaid);
    expect(pending).toMatchObject({ status: "pending", purchase: { canPay: true } });
    expect(kinds(pending)).toEqual(["placed"]);
    expect((await shopA.agent.get(`/api/orders/${unpaid}/details`)).statusCode).toBe(404);
  });
});
