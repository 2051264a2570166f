import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { maskName } from "../../../core/contracts/feedback";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

const t = setUpTestApp();
let sellerId: string;
let seller: Agent;
let buyerId: string;
let buyerName: string;
let buyer: Agent;
let stranger: Agent;

/** A paid (or pending) order of the buyer's with one line from the seller, paid `daysAgo` days ago. */
async function order(options: { status?: "paid" | "pending"; daysAgo?: number } = {}) {
  const { status = "paid", daysAgo = 1 } = options;
  const db = t.database.db;
  const listing = await createListing(db, { sellerId, title: "Sea moss gel", priceCents: 1500 });
  const [o] = await rows<{ id: string }>(
    db,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents, created_at, paid_at)
        values (${buyerId}, ${status}, 'checkout', 1500, 0, 0, 1500,
          now() - make_interval(days => ${daysAgo}),
          ${status === "paid" ? sql`now() - make_interval(days => ${daysAgo})` : null})
        returning id`,
  );
  const orderId = o?.id as string;
  const [line] = await rows<{ id: string }>(
    db,
    sql`insert into order_lines (order_id, listing_id, seller_id, title, unit_price_cents, shipping_cents, quantity)
        values (${orderId}, ${listing.id}, ${sellerId}, 'Sea moss gel', 1500, 0, 1)
        returning id`,
  );
  return { orderId, lineId: line?.id as string, listingId: listing.id };
}

const feedbackUrl = (o: { orderId: string; lineId: string }) =>
  `/api/orders/${o.orderId}/lines/${o.lineId}/feedback`;

async function ratingOf(userId: string) {
  const [r] = await rows<{ total: number; count: number }>(
    t.database.db,
    sql`select rating_total as total, rating_count as count from users where id = ${userId}`,
  );
  return r;
}

beforeAll(async () => {
  const db = t.database.db;
  const s = await createUser(db, "shop");
  sellerId = s.id;
  seller = await signedInAgent(t.app, db, s.id);
  const b = await createUser(db, "keisha");
  buyerId = b.id;
  buyerName = b.username;
  buyer = await signedInAgent(t.app, db, b.id);
  stranger = await signedInAgent(t.app, db, (await createUser(db, "nosy")).id);
});

describe("maskName", () => {
  it("keeps the first and last letter, as eBay does", () => {
    expect(maskName("keisha")).toBe("k***a");
    expect(maskName("ab")).toBe("a***b");
    expect(maskName("x")).toBe("x***x");
  });
});

describe("POST /api/orders/{orderId}/lines/{lineId}/feedback", () => {
  it("lets the buyer of a paid line leave feedback once; the seller's rating follows and the seller is told", async () => {
    const o = await order();
    const before = await ratingOf(sellerId);
    const res = await buyer.post(feedbackUrl(o), {
      rating: "positive",
      stars: 5,
      comment: "  Fast and friendly  ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      rating: "positive",
      stars: 5,
      comment: "Fast and friendly",
      reply: null,
    });
    expect(await ratingOf(sellerId)).toEqual({
      total: (before?.total ?? 0) + 5,
      count: (before?.count ?? 0) + 1,
    });
    const [note] = await rows<{ kind: string; message: string; link: string }>(
      t.database.db,
      sql`select kind, message, link from notifications where user_id = ${sellerId} order by created_at desc limit 1`,
    );
    expect(note).toMatchObject({ kind: "feedback_received" });
    expect(note?.link).toMatch(/^\/orders\/[0-9a-f-]{36}$/);
    expect(note?.message).toContain(buyerName);

    const again = await buyer.post(feedbackUrl(o), { rating: "negative", stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("feedback_already_left");
    expect(await ratingOf(sellerId)).toEqual({
      total: (before?.total ?? 0) + 5,
      count: (before?.count ?? 0) + 1,
    });
  });

  it("recomputes the average from every buyer's stars, and the listing shows it", async () => {
    const s = await createUser(t.database.db, "fresh");
    const saved = sellerId;
    sellerId = s.id;
    try {
      const first = await order();
      const listing = await buyer.get(`/api/listings/${first.listingId}`);
      expect(listing.json().seller).toMatchObject({ rating: null, ratingCount: 0 });
      await buyer.post(feedbackUrl(first), { rating: "positive", stars: 5 });
      await buyer.post(feedbackUrl(await order()), { rating: "neutral", stars: 3 });
      await buyer.post(feedbackUrl(await order()), { rating: "positive", stars: 4 });
      expect(await ratingOf(s.id)).toEqual({ total: 12, count: 3 });
      const after = await buyer.get(`/api/listings/${first.listingId}`);
      expect(after.json().seller).toMatchObject({ rating: 4, ratingCount: 3 });
      const store = await buyer.get(`/api/stores/${s.id}`);
      expect(store.json().seller).toMatchObject({ rating: 4, ratingCount: 3 });
    } finally {
      sellerId = saved;
    }
  });

  it("answers 404 to anyone but the line's buyer and seller, and for a line of another order", async () => {
    const o = await order();
    const res = await stranger.post(feedbackUrl(o), { rating: "positive", stars: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("order_line_not_found");
    const other = await order();
    const mixed = await buyer.post(feedbackUrl({ orderId: other.orderId, lineId: o.lineId }), {
      rating: "positive",
      stars: 5,
    });
    expect(mixed.statusCode).toBe(404);
    const unknown = await buyer.post(
      feedbackUrl({ orderId: o.orderId, lineId: "00000000-0000-4000-8000-000000000000" }),
      { rating: "positive", stars: 5 },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("waits for payment and closes 60 days after it, with a clear message", async () => {
    const pending = await order({ status: "pending" });
    const early = await buyer.post(feedbackUrl(pending), { rating: "positive", stars: 5 });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe("feedback_not_paid");

    const old = await order({ daysAgo: 61 });
    const late = await buyer.post(feedbackUrl(old), { rating: "positive", stars: 5 });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.code).toBe("feedback_window_closed");
    expect(late.json().error.message).toContain("60 days");

    const justInTime = await order({ daysAgo: 59 });
    const ok = await buyer.post(feedbackUrl(justInTime), { rating: "positive", stars: 4 });
    expect(ok.statusCode).toBe(201);
  });

  it("refuses bad input with 400 and a message", async () => {
    const o = await order();
    const cases: [unknown, string][] = [
      [{ rating: "great", stars: 5 }, "rating must be positive, neutral or negative"],
      [{ rating: "positive", stars: 6 }, "stars must be a whole number from 1 to 5"],
      [{ rating: "positive", stars: 2.5 }, "stars must be a whole number from 1 to 5"],
      [{ rating: "positive" }, "Choose from 1 to 5 stars."],
      [{ rating: "positive", stars: 5, comment: "x".repeat(501) }, "at most 500 characters"],
    ];
    for (const [body, message] of cases) {
      const res = await buyer.post(feedbackUrl(o), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const max = await buyer.post(feedbackUrl(o), {
      rating: "positive",
      stars: 5,
      comment: "x".repeat(500),
    });
    expect(max.statusCode).toBe(201);
  });

  it("lets the seller leave the buyer positive feedback only, which counts toward no rating", async () => {
    const o = await order();
    const before = await ratingOf(buyerId);
    const negative = await seller.post(feedbackUrl(o), { rating: "negative", comment: "Slow" });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().error.code).toBe("feedback_positive_only");
    const res = await seller.post(feedbackUrl(o), {
      rating: "positive",
      stars: 1,
      comment: "Paid at once, thanks!",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: "positive", stars: null });
    expect(await ratingOf(buyerId)).toEqual(before);
    const [note] = await rows<{ kind: string }>(
      t.database.db,
      sql`select kind from notifications where user_id = ${buyerId} order by created_at desc limit 1`,
    );
    expect(note?.kind).toBe("feedback_received");
    expect((await seller.post(feedbackUrl(o), { rating: "positive" })).statusCode).toBe(409);
    // The buyer's side of the same line is still open.
    expect((await buyer.post(feedbackUrl(o), { rating: "positive", stars: 5 })).statusCode).toBe(
      201,
    );
  });

  it("shows the feedback and whether it is open in Purchase History and /my/selling", async () => {
    const o = await order();
    const mine = await buyer.get("/api/me/orders?pageSize=100");
    const item = mine
      .json()
      .items.flatMap((x: { items: unknown[] }) => x.items)
      .find((i: { lineId: string }) => i.lineId === o.lineId);
    expect(item).toMatchObject({ lineId: o.lineId, feedback: null, canLeaveFeedback: true });
    await buyer.post(feedbackUrl(o), { rating: "neutral", stars: 3, comment: "OK" });
    const after = await buyer.get("/api/me/orders?pageSize=100");
    const left = after
      .json()
      .items.flatMap((x: { items: unknown[] }) => x.items)
      .find((i: { lineId: string }) => i.lineId === o.lineId);
    expect(left).toMatchObject({ canLeaveFeedback: false, feedback: { stars: 3, comment: "OK" } });

    const sales = await seller.get("/api/me/sales?pageSize=100");
    const sale = sales.json().items.find((s: { lineId: string }) => s.lineId === o.lineId);
    expect(sale).toMatchObject({
      feedbackFromBuyer: { rating: "neutral", stars: 3 },
      feedbackToBuyer: null,
      canLeaveFeedback: true,
    });
  });
});

describe("POST /api/feedback/{id}/reply", () => {
  it("lets the person it is about reply once; to anyone else it does not exist", async () => {
    const o = await order();
    const left = (await buyer.post(feedbackUrl(o), { rating: "negative", stars: 2 })).json();
    const url = `/api/feedback/${left.id}/reply`;
    expect((await buyer.post(url, { reply: "Me too" })).statusCode).toBe(404);
    expect((await stranger.post(url, { reply: "Hi" })).statusCode).toBe(404);
    const blank = await seller.post(url, { reply: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain("Write a reply first.");
    const res = await seller.post(url, { reply: "Sorry, a refund is on its way." });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reply: "Sorry, a refund is on its way." });
    const again = await seller.post(url, { reply: "Another" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("feedback_already_replied");
    expect(
      (
        await seller.post("/api/feedback/00000000-0000-4000-8000-000000000000/reply", {
          reply: "x",
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("GET /api/users/{id}/feedback", () => {
  it("lists received feedback newest first with masked authors, item, reply and date", async () => {
    const s = await createUser(t.database.db, "store");
    const saved = sellerId;
    sellerId = s.id;
    const shop = await signedInAgent(t.app, t.database.db, s.id);
    try {
      const first = await order();
      const one = (
        await buyer.post(feedbackUrl(first), { rating: "positive", stars: 5, comment: "Lovely" })
      ).json();
      await shop.post(`/api/feedback/${one.id}/reply`, { reply: "Thank you!" });
      await buyer.post(feedbackUrl(await order()), { rating: "neutral", stars: 3 });
      // The seller's feedback about the buyer is not in the seller's list.
      await shop.post(feedbackUrl(first), { rating: "positive" });

      const res = await stranger.get(`/api/users/${s.id}/feedback`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.total).toBe(2);
      expect(page.items.map((i: { stars: number }) => i.stars)).toEqual([3, 5]);
      expect(page.items[1]).toMatchObject({
        author: { name: maskName(buyerName) },
        item: { listingId: first.listingId, title: "Sea moss gel" },
        rating: "positive",
        comment: "Lovely",
        reply: "Thank you!",
      });
      expect(page.items[1].author.name).toMatch(/^.\*\*\*.$/);
      expect(JSON.stringify(page)).not.toContain(buyerName);
      // Authors see their own name.
      const own = (await buyer.get(`/api/users/${s.id}/feedback`)).json();
      expect(own.items[0].author.name).toBe(buyerName);

      const aboutBuyer = (await stranger.get(`/api/users/${buyerId}/feedback?from=sellers`)).json();
      expect(aboutBuyer.items.length).toBeGreaterThan(0);
      expect(aboutBuyer.items[0]).toMatchObject({ rating: "positive", stars: null });

      const paged = (await stranger.get(`/api/users/${s.id}/feedback?page=2&pageSize=1`)).json();
      expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(paged.items[0].comment).toBe("Lovely");
    } finally {
      sellerId = saved;
    }
    expect(
      (await stranger.get("/api/users/00000000-0000-4000-8000-000000000000/feedback")).statusCode,
    ).toBe(404);
    expect((await stranger.get(`/api/users/${sellerId}/feedback?from=nobody`)).statusCode).toBe(
      400,
    );
  });
});
