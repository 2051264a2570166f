import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { startFakeStripe } from "../../test/fake-stripe";
import { settleNextAuction } from "../auctions/auction-settlement";
import type { HostedCheckoutRequest } from "../payment-providers/payment-provider";
import { stripeProvider } from "../payment-providers/stripe-provider";

// Cookies belong to the host the visitor typed. A redirect built from PUBLIC_URL (localhost)
// signs out someone browsing at 127.0.0.1, so every way back into the site must be a site path;
// only a provider whose page is on another site (Stripe) may turn them into absolute URLs.

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana" };
const sessionOf = (redirectUrl: string) => redirectUrl.split("/pay/sandbox/")[1] as string;

describe("the sandbox checkout's redirects", () => {
  const t = setUpTestApp();
  let seller: { id: string };
  let buyer: Agent;
  const seen: HostedCheckoutRequest[] = [];

  beforeAll(async () => {
    const createCheckout = t.app.payments.createCheckout.bind(t.app.payments);
    vi.spyOn(t.app.payments, "createCheckout").mockImplementation(async (request) => {
      seen.push(request);
      return createCheckout(request);
    });
    seller = await createUser(t.database.db, "redirshop");
    buyer = await signedInAgent(
      t.app,
      t.database.db,
      (await createUser(t.database.db, "redirbuyer")).id,
    );
  });

  async function cartCheckout() {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      priceCents: 1500,
      quantity: 3,
    });
    const res = await buyer.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { orderId: string; redirectUrl: string };
  }

  it("sends the buyer to the payment page by a site path, and back the same way", async () => {
    const { orderId, redirectUrl } = await cartCheckout();
    expect(redirectUrl).toMatch(/^\/pay\/sandbox\/[0-9a-f-]{36}$/);
    expect(seen.at(-1)).toMatchObject({
      orderId,
      successUrl: `/checkout/success?order=${orderId}`,
      cancelUrl: `/cart?cancelled=${orderId}`,
    });
    const paid = await buyer.post(
      `/api/payments/sandbox/sessions/${sessionOf(redirectUrl)}/pay`,
      CARD,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectUrl).toBe(`/checkout/success?order=${orderId}`);
  });

  it("sends a buyer who leaves the payment page back to the cart by a site path", async () => {
    const { orderId, redirectUrl } = await cartCheckout();
    const cancel = await buyer.post(
      `/api/payments/sandbox/sessions/${sessionOf(redirectUrl)}/cancel`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().redirectUrl).toBe(`/cart?cancelled=${orderId}`);
  });

  it("uses site paths for a won auction too", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      priceCents: 5000,
      auction: { endTime: new Date(Date.now() + 60_000) },
    });
    const bid = await buyer.post(`/api/listings/${listing.id}/bids`, { amountCents: 5000 });
    expect(bid.statusCode, bid.body).toBe(201);
    await t.database.db.execute(sql`
      update auction_settings set end_time = now() - interval '1 second' where listing_id = ${listing.id}`);
    expect(await settleNextAuction(t.database.db)).toBe(listing.id);
    const won = (await buyer.get("/api/me/orders")).json().items[0];
    const res = await buyer.post("/api/checkout", { orderId: won.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().redirectUrl).toMatch(/^\/pay\/sandbox\//);
    expect(seen.at(-1)).toMatchObject({
      orderId: won.id,
      successUrl: `/checkout/success?order=${won.id}`,
      cancelUrl: "/my/purchases",
    });
  });
});

describe("the Stripe adapter's return URLs", () => {
  const SECRET_KEY = "sk_test_redirects";
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    fake = await startFakeStripe(SECRET_KEY);
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("makes the site paths absolute with the public URL, since Stripe's page is off-site", async () => {
    const provider = stripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: "whsec_redirects",
      publicUrl: "https://shop.example/",
      api: { host: "127.0.0.1", port: fake.port, protocol: "http" },
    });
    const hosted = await provider.createCheckout({
      paymentSessionId: "6f1c2b7e-0000-4000-8000-000000000001",
      orderId: "order-1",
      items: [{ title: "Pepper sauce", unitPriceCents: 1500, quantity: 1 }],
      shippingCents: 0,
      taxCents: 0,
      totalCents: 1500,
      customerEmail: "ana@example.com",
      successUrl: "/checkout/success?order=order-1",
      cancelUrl: "/cart?cancelled=order-1",
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    const session = fake.sessions.get(hosted.providerSessionId);
    expect(session?.success_url).toBe("https://shop.example/checkout/success?order=order-1");
    expect(session?.cancel_url).toBe("https://shop.example/cart?cancelled=order-1");
    expect(hosted.redirectUrl).toBe(session?.url);
  });
});
