import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { settableClock } from "../../clock";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { cancelLapsedOfferOrders, expireDueOffers } from "./offer-expiry";

const HOUR = 3_600_000;
const CARD = {
  expiry: "12/40",
  cvc: "123",
  name: "Keisha Brown",
  cardNumber: "4242424242424242",
};

const clock = settableClock();
const t = setUpTestApp({ clock });
let sellerId: string;
let seller: Agent;
let buyer: Agent;
let buyerId: string;
let rival: Agent;

async function newListing(
  fields: { priceCents?: number; quantity?: number; acceptsOffers?: boolean } = {},
  auto: { accept?: number; decline?: number } = {},
) {
  const listing = await createListing(t.database.db, {
    sellerId,
    title: `Mahogany Chair ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: fields.priceCents ?? 10000,
    quantity: fields.quantity ?? 1,
    acceptsOffers: fields.acceptsOffers ?? true,
  });
  if (auto.accept !== undefined || auto.decline !== undefined)
    await t.database.db.execute(sql`insert into listing_offer_settings
      (listing_id, auto_accept_cents, auto_decline_cents)
      values (${listing.id}, ${auto.accept ?? null}, ${auto.decline ?? null})`);
  return listing;
}

const offer = (who: Agent, listingId: string, amountCents: number, quantity = 1) =>
  who.post(`/api/listings/${listingId}/offers`, { amountCents, quantity });

async function stock(listingId: string) {
  const [row] = await rows<{ quantity: number; status: string }>(
    t.database.db,
    sql`select quantity, status from listings where id = ${listingId}`,
  );
  return row;
}

/** Every number anywhere in a JSON answer. */
function numbersIn(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(numbersIn);
  return [];
}

async function orderOf(orderId: string) {
  const [row] = await rows<{ status: string; source: string; subtotal_cents: number }>(
    t.database.db,
    sql`select status, source, subtotal_cents from orders where id = ${orderId}`,
  );
  return row;
}

async function notices(userId: string, kind: string) {
  return rows<{ message: string }>(
    t.database.db,
    sql`select message from notifications where user_id = ${userId} and kind = ${kind}
        order by created_at desc`,
  );
}

beforeAll(async () => {
  const s = await createUser(t.database.db, "chairs");
  sellerId = s.id;
  seller = await signedInAgent(t.app, t.database.db, s.id);
  const b = await createUser(t.database.db, "offerer");
  buyerId = b.id;
  buyer = await signedInAgent(t.app, t.database.db, b.id);
  rival = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "rival")).id);
});

describe("making an offer", () => {
  it("is told to the seller, listed for both sides, and counts towards the three", async () => {
    const listing = await newListing();
    const res = await buyer.post(`/api/listings/${listing.id}/offers`, {
      amountCents: 8000,
      message: "Would you take $80?",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: "pending",
      awaiting: "seller",
      amountCents: 8000,
      message: "Would you take $80?",
      orderId: null,
    });
    const [told] = await notices(sellerId, "offer_received");
    expect(told?.message).toContain("offered $80.00");

    const mine = (await buyer.get(`/api/listings/${listing.id}/offers/mine`)).json();
    expect(mine).toMatchObject({ offersLeft: 2, items: [{ status: "pending" }] });
    const received = (
      await seller.get(`/api/my/offers?role=seller&listingId=${listing.id}`)
    ).json();
    expect(received.items).toHaveLength(1);
    expect(received.items[0].buyer.username).toMatch(/^offerer/);
    const selling = (await seller.get("/api/me/listings")).json();
    expect(selling.items.find((l: { id: string }) => l.id === listing.id)).toMatchObject({
      acceptsOffers: true,
      openOfferCount: 1,
    });
  });

  it("refuses what the rules forbid, each with its reason", async () => {
    const listing = await newListing({ priceCents: 10000, quantity: 2 });
    const auction = await createListing(t.database.db, {
      sellerId,
      title: "Auction chair",
      priceCents: 1000,
      auction: { endTime: new Date(Date.now() + 86_400_000), startPriceCents: 1000 },
    });
    const noOffers = await newListing({ acceptsOffers: false });
    const ended = await newListing();
    await t.database.db.execute(sql`update listings set status = 'ended' where id = ${ended.id}`);

    const cases: [Agent, string, number, number, number, string][] = [
      [buyer, auction.id, 500, 1, 422, "offers_not_accepted"],
      [buyer, noOffers.id, 500, 1, 422, "offers_not_accepted"],
      [seller, listing.id, 5000, 1, 403, "offer_on_own_listing"],
      [buyer, ended.id, 5000, 1, 422, "not_active"],
      [buyer, listing.id, 10000, 1, 422, "offer_amount"],
      [buyer, listing.id, 12000, 1, 422, "offer_amount"],
      [buyer, listing.id, 5000, 3, 422, "insufficient_stock"],
    ];
    for (const [who, id, amount, quantity, status, code] of cases) {
      const res = await offer(who, id, amount, quantity);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    expect((await offer(buyer, listing.id, 10000)).json().error.message).toBe(
      "Your offer must be below the Buy It Now price of $100.00. To pay that, use Buy It Now.",
    );
    expect(
      (await buyer.post(`/api/listings/${listing.id}/offers`, { amountCents: -5 })).statusCode,
    ).toBe(400);
    const signedOut = await t.app.inject({
      method: "POST",
      url: `/api/listings/${listing.id}/offers`,
      payload: { amountCents: 5000 },
    });
    expect([401, 403]).toContain(signedOut.statusCode);
    const missing = await offer(buyer, "00000000-0000-4000-8000-000000000000", 5000);
    expect(missing.statusCode).toBe(404);
  });

  it("allows one waiting offer at a time and three in all", async () => {
    const listing = await newListing();
    const first = (await offer(buyer, listing.id, 5000)).json();
    const second = await offer(buyer, listing.id, 6000);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe("offer_open");

    await seller.post(`/api/offers/${first.id}/decline`, { message: "Too low, sorry" });
    expect((await offer(buyer, listing.id, 6000)).statusCode).toBe(201);
    const [mine] = (await buyer.get(`/api/listings/${listing.id}/offers/mine`)).json().items;
    await seller.post(`/api/offers/${mine.id}/decline`, {});
    expect((await offer(buyer, listing.id, 7000)).statusCode).toBe(201);
    const again = (await buyer.get(`/api/listings/${listing.id}/offers/mine`)).json();
    await seller.post(`/api/offers/${again.items[0].id}/decline`, {});
    const fourth = await offer(buyer, listing.id, 8000);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().error).toMatchObject({
      code: "offer_limit",
      message: "You've made 3 offers on this item, the most allowed.",
    });
    const [declined] = await notices(buyerId, "offer_declined");
    expect(declined?.message).toContain("was declined");
  });

  it("lets two racing offers by one buyer make one", async () => {
    const listing = await newListing();
    const results = await Promise.all([5000, 5100, 5200].map((a) => offer(rival, listing.id, a)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe("the seller's automatic answers", () => {
  it("accept at or above their amount and decline below the other, and stay the seller's secret", async () => {
    const listing = await newListing(
      { priceCents: 10000, quantity: 3 },
      { accept: 9000, decline: 6000 },
    );
    const low = (await offer(buyer, listing.id, 5999)).json();
    expect(low).toMatchObject({
      status: "declined",
      declineMessage: "The seller declined this offer automatically.",
    });
    const high = (await offer(buyer, listing.id, 9100)).json();
    expect(high.status).toBe("accepted");
    expect(high.orderId).toEqual(expect.any(String));
    expect(await orderOf(high.orderId)).toMatchObject({
      status: "pending",
      source: "offer",
      subtotal_cents: 9100,
    });
    expect((await stock(listing.id))?.quantity).toBe(2);
    const middle = (await offer(rival, listing.id, 7000)).json();
    expect(middle.status).toBe("pending");

    // No answer to anyone but the seller carries the amounts.
    const reads = [
      await rival.get(`/api/listings/${listing.id}`),
      await rival.get(`/api/listings?search=${encodeURIComponent(listing.title)}`),
      await rival.get(`/api/listings/${listing.id}/offers/mine`),
      await buyer.get("/api/my/offers"),
      await seller.get(`/api/my/offers?role=seller&listingId=${listing.id}`),
    ];
    for (const res of reads) {
      expect(res.body).not.toMatch(/autoAccept|autoDecline|auto_accept|auto_decline/);
      // The decline amount appears nowhere (the accept amount is the accepted offer's own).
      expect(numbersIn(res.json())).not.toContain(6100);
    }
    const asBuyer = await buyer.get(`/api/listings/${listing.id}/edit`);
    expect(asBuyer.statusCode).toBe(403);
    const edit = (await seller.get(`/api/listings/${listing.id}/edit`)).json();
    expect(edit).toMatchObject({
      acceptsOffers: true,
      autoAcceptCents: 9000,
      autoDeclineCents: 6000,
    });
  });

  it("are checked when the seller sets them: below the price, decline below accept", async () => {
    const listing = await newListing({ priceCents: 10000 });
    const bad = [{ autoAcceptCents: 10000 }, { autoAcceptCents: 5000, autoDeclineCents: 6000 }];
    for (const body of bad) {
      const res = await seller.patch(`/api/listings/${listing.id}`, {
        acceptsOffers: true,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const ok = await seller.patch(`/api/listings/${listing.id}`, {
      acceptsOffers: true,
      autoAcceptCents: 9500,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // A price cut below a stored amount is refused too (the amounts must stay below the price).
    const cut = await seller.patch(`/api/listings/${listing.id}`, { priceCents: 9000 });
    expect(cut.statusCode, cut.body).toBe(400);
  });

  it("turning offers off declines the waiting ones", async () => {
    const listing = await newListing();
    const waiting = (await offer(buyer, listing.id, 5000)).json();
    const res = await seller.patch(`/api/listings/${listing.id}`, { acceptsOffers: false });
    expect(res.statusCode, res.body).toBe(200);
    const [now] = (await buyer.get(`/api/listings/${listing.id}/offers/mine`)).json().items;
    expect(now).toMatchObject({
      id: waiting.id,
      status: "declined",
      declineMessage: "The seller no longer takes offers on this item.",
    });
  });
});

describe("answering", () => {
  it("counter, counter back, accept: the agreed order pays through Pay now", async () => {
    const listing = await newListing({ priceCents: 10000 });
    const first = (await offer(buyer, listing.id, 6000)).json();

    // The buyer cannot answer their own offer; a stranger cannot see it.
    expect((await buyer.post(`/api/offers/${first.id}/accept`)).statusCode).toBe(409);
    expect((await rival.post(`/api/offers/${first.id}/accept`)).statusCode).toBe(404);
    // A counter lies between the offer and the price.
    for (const amountCents of [6000, 10000]) {
      const res = await seller.post(`/api/offers/${first.id}/counter`, { amountCents });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe("offer_amount");
    }
    const countered = await seller.post(`/api/offers/${first.id}/counter`, {
      amountCents: 9000,
      message: "Meet me at $90",
    });
    expect(countered.json()).toMatchObject({
      status: "countered",
      awaiting: "buyer",
      counterCents: 9000,
      counterMessage: "Meet me at $90",
    });
    expect((await notices(buyerId, "offer_countered"))[0]?.message).toContain("$90.00");
    // Now the seller waits: accepting their own counter is refused.
    expect((await seller.post(`/api/offers/${first.id}/accept`)).statusCode).toBe(409);

    // The buyer counters back (a new offer of their three), below the counter.
    expect(
      (await buyer.post(`/api/offers/${first.id}/counter`, { amountCents: 9000 })).statusCode,
    ).toBe(422);
    const back = (
      await buyer.post(`/api/offers/${first.id}/counter`, { amountCents: 8000 })
    ).json();
    expect(back).toMatchObject({ status: "pending", amountCents: 8000, awaiting: "seller" });
    expect(back.id).not.toBe(first.id);
    const mine = (await buyer.get(`/api/listings/${listing.id}/offers/mine`)).json();
    expect(mine.offersLeft).toBe(1);
    expect(mine.items.map((o: { status: string }) => o.status)).toEqual(["pending", "replaced"]);
    // The replaced counter is stale now.
    const stale = await buyer.post(`/api/offers/${first.id}/accept`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("offer_stale");

    const second = (
      await seller.post(`/api/offers/${back.id}/counter`, { amountCents: 8500 })
    ).json();
    const agreed = (await buyer.post(`/api/offers/${second.id}/accept`)).json();
    expect(agreed).toMatchObject({ status: "accepted", orderStatus: "pending" });
    expect(await stock(listing.id)).toMatchObject({ quantity: 0, status: "sold" });
    expect((await notices(sellerId, "offer_accepted"))[0]?.message).toContain("$85.00");

    // The buyer may not cancel an agreed offer (a commitment, as a win is); they pay it.
    const cancel = await buyer.post(`/api/orders/${agreed.orderId}/cancel`);
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().error.code).toBe("offer_order_not_cancellable");
    const unpaid = (await buyer.get("/api/me/orders/unpaid")).json();
    const mineUnpaid = unpaid.items.find((o: { id: string }) => o.id === agreed.orderId);
    expect(mineUnpaid).toMatchObject({ source: "offer", canPay: true, subtotalCents: 8500 });
    expect(mineUnpaid.reservedUntil).toEqual(expect.any(String));
    const pay = (await buyer.post(`/api/orders/${agreed.orderId}/pay`)).json();
    const session = pay.redirectUrl.split("/pay/sandbox/")[1];
    const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    expect(await orderOf(agreed.orderId)).toMatchObject({ status: "paid" });
    // Paying never took the units a second time.
    expect((await stock(listing.id))?.quantity).toBe(0);
    const sales = (await seller.get("/api/me/sales")).json();
    expect(sales.items.some((s: { orderId: string }) => s.orderId === agreed.orderId)).toBe(true);
    // The seller's ledger was credited for the sale, as for any paid order.
    const [journal] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_journals where source_id = ${agreed.orderId}`,
    );
    expect(journal?.n).toBeGreaterThan(0);
  });

  it("the last unit agreed declines every other waiting offer, and two accepts never sell it twice", async () => {
    const listing = await newListing({ quantity: 1 });
    const a = (await offer(buyer, listing.id, 7000)).json();
    const b = (await offer(rival, listing.id, 7500)).json();
    const results = await Promise.all([
      seller.post(`/api/offers/${a.id}/accept`),
      seller.post(`/api/offers/${b.id}/accept`),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBeGreaterThanOrEqual(409);
    const [orders] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_lines where listing_id = ${listing.id}`,
    );
    expect(orders?.n).toBe(1);
    expect((await stock(listing.id))?.quantity).toBe(0);
    const statuses = (
      await rows<{ status: string; decline_message: string | null }>(
        t.database.db,
        sql`select status, decline_message from offers where listing_id = ${listing.id} order by status`,
      )
    ).map((r) => [r.status, r.decline_message]);
    expect(statuses).toEqual([
      ["accepted", null],
      ["declined", "The item sold out, so this offer was declined."],
    ]);
  });

  it("a Buy It Now purchase of the last unit declines the waiting offers", async () => {
    const listing = await newListing({ quantity: 1 });
    const waiting = (await offer(buyer, listing.id, 7000)).json();
    const checkout = (
      await rival.post("/api/checkout", { lines: [{ listingId: listing.id, quantity: 1 }] })
    ).json();
    // The rival is paying for the last one: it cannot be agreed meanwhile.
    const blocked = await seller.post(`/api/offers/${waiting.id}/accept`);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.code).toBe("stock_reserved");
    const session = checkout.redirectUrl.split("/pay/sandbox/")[1];
    expect(
      (await rival.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD)).statusCode,
    ).toBeLessThan(300);
    const [after] = (await buyer.get(`/api/listings/${listing.id}/offers/mine`)).json().items;
    expect(after).toMatchObject({ status: "declined" });
    expect((await seller.post(`/api/offers/${waiting.id}/accept`)).statusCode).toBe(409);
  });
});

describe("deadlines", () => {
  it("an offer unanswered for 48 hours expires, and a lapsed counter cannot be accepted", async () => {
    const listing = await newListing();
    const waiting = (await offer(buyer, listing.id, 5000)).json();
    clock.advance(48 * HOUR + 1000);
    // Readers show it expired before the job records it, and answers are refused.
    const [seen] = (await buyer.get(`/api/listings/${listing.id}/offers/mine`)).json().items;
    expect(seen.status).toBe("expired");
    expect((await seller.post(`/api/offers/${waiting.id}/accept`)).statusCode).toBe(409);
    expect(await expireDueOffers(t.database.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect((await notices(buyerId, "offer_expired"))[0]?.message).toContain(
      "expired without an answer",
    );
    // A new offer is allowed: the lapsed one is no longer the open one.
    const next = (await offer(buyer, listing.id, 5500)).json();
    const countered = (
      await seller.post(`/api/offers/${next.id}/counter`, { amountCents: 9000 })
    ).json();
    clock.advance(48 * HOUR + 1000);
    const late = await buyer.post(`/api/offers/${countered.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("offer_stale");
  });

  it("an agreed offer unpaid for 48 hours is cancelled and its units go back on sale", async () => {
    const listing = await newListing({ quantity: 1 });
    const waiting = (await offer(buyer, listing.id, 7000)).json();
    const agreed = (await seller.post(`/api/offers/${waiting.id}/accept`)).json();
    expect(await stock(listing.id)).toMatchObject({ quantity: 0, status: "sold" });
    // (Older agreed orders of this file, past their time by now, lapse here.)
    await cancelLapsedOfferOrders(t.database.db, clock.now());
    expect(await orderOf(agreed.orderId)).toMatchObject({ status: "pending" });
    clock.advance(48 * HOUR + 1000);
    expect(await cancelLapsedOfferOrders(t.database.db, clock.now())).toBe(1);
    expect(await orderOf(agreed.orderId)).toMatchObject({ status: "cancelled" });
    expect(await stock(listing.id)).toMatchObject({ quantity: 1, status: "active" });
    expect((await notices(buyerId, "offer_expired"))[0]?.message).toContain(
      "was not paid within 48 hours",
    );
    expect((await buyer.post(`/api/orders/${agreed.orderId}/pay`)).statusCode).toBe(422);
    // Running again changes nothing.
    expect(await cancelLapsedOfferOrders(t.database.db, clock.now())).toBe(0);
  });
});

describe("finding listings that take offers", () => {
  it("the filter keeps only fixed-price listings that accept offers, and cards say so", async () => {
    const takes = await newListing();
    const res = await t.app.inject({
      url: `/api/listings?acceptsOffers=true&search=${encodeURIComponent(takes.title)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toMatchObject([{ id: takes.id, acceptsOffers: true }]);
    const all = (
      await t.app.inject({ url: "/api/listings?acceptsOffers=true&pageSize=50" })
    ).json();
    expect(all.items.every((c: { acceptsOffers: boolean }) => c.acceptsOffers)).toBe(true);
    const detail = (await t.app.inject({ url: `/api/listings/${takes.id}` })).json();
    expect(detail.acceptsOffers).toBe(true);
  });
});
