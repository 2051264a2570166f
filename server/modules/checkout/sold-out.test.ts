import { beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

const t = setUpTestApp();
let buyer: Agent;
let seller: { id: string; username: string };
let shop: Agent;

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "K Brown" };

beforeAll(async () => {
  buyer = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "buyer")).id);
  seller = await createUser(t.database.db, "potter");
  shop = await signedInAgent(t.app, t.database.db, seller.id);
});

async function buyAndPay(listingId: string, quantity: number): Promise<string> {
  const res = await buyer.post("/api/checkout", { lines: [{ listingId, quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
  const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  return res.json().orderId as string;
}

/** The listing as the public sees it, and whether each status filter of the browse finds it. */
async function publicView(id: string) {
  const detail = (await buyer.get(`/api/listings/${id}`)).json();
  const found = async (status: string) =>
    (await buyer.get(`/api/listings?seller=${seller.username}&status=${status}`))
      .json()
      .items.some((l: { id: string }) => l.id === id);
  return {
    status: detail.status,
    quantity: detail.quantity,
    onSale: await found("active"),
    inSold: await found("sold"),
  };
}

const mine = async (id: string) =>
  (await shop.get("/api/me/listings")).json().items.find((l: { id: string }) => l.id === id)
    ?.status;

describe("a fixed-price listing sold down to quantity 0", () => {
  it("is sold (off sale, found among sold listings); the seller sees it out of stock", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Calabash bowl",
      priceCents: 2000,
      quantity: 2,
    });
    await buyAndPay(listing.id, 1);
    expect(await publicView(listing.id)).toEqual({
      status: "active",
      quantity: 1,
      onSale: true,
      inSold: false,
    });
    await buyAndPay(listing.id, 1);
    expect(await publicView(listing.id)).toEqual({
      status: "sold",
      quantity: 0,
      onSale: false,
      inSold: true,
    });
    expect(await mine(listing.id)).toBe("out_of_stock");
  });

  it("goes back on sale when an accepted cancellation returns its units", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Clay pot",
      priceCents: 1500,
      quantity: 1,
    });
    const orderId = await buyAndPay(listing.id, 1);
    expect((await publicView(listing.id)).status).toBe("sold");
    const asked = await buyer.post(`/api/orders/${orderId}/cancel`, { reason: "Changed my mind." });
    expect(asked.statusCode, asked.body).toBe(200);
    const accepted = await shop.post(`/api/orders/${orderId}/cancellation/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await publicView(listing.id)).toEqual({
      status: "active",
      quantity: 1,
      onSale: true,
      inSold: false,
    });
  });

  it("goes back on sale when the seller restocks it", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Woven basket",
      priceCents: 2500,
      quantity: 1,
    });
    await buyAndPay(listing.id, 1);
    expect((await publicView(listing.id)).status).toBe("sold");
    // An edit that adds no stock leaves it sold out.
    const described = await shop.patch(`/api/listings/${listing.id}`, {
      description: "Hand-woven from palm leaves; the seller weaves more each week.",
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((await publicView(listing.id)).status).toBe("sold");
    const restocked = await shop.patch(`/api/listings/${listing.id}`, { quantity: 4 });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(await publicView(listing.id)).toEqual({
      status: "active",
      quantity: 4,
      onSale: true,
      inSold: false,
    });
    expect(await mine(listing.id)).toBe("active");
  });
});
