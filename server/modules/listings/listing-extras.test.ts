import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { maskBidderName } from "../../../core/bidder-name";
import type { BidHistory, ListingCardList } from "../../../core/contracts/browse";
import { categories } from "../../db/schema/catalog";
import { users } from "../../db/schema/users";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

const t = setUpTestApp();

async function get<T>(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() as T };
}

describe("GET /api/listings/{id}/bids: bidder names", () => {
  async function auctionWithTwoBidders() {
    const db = t.database.db;
    const seller = await createUser(db, "seller");
    const listing = await createListing(db, {
      sellerId: seller.id,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const ana = await createUser(db, "ana");
    const ben = await createUser(db, "ben");
    await db.update(users).set({ ratingCount: 7, ratingTotal: 35 }).where(eq(users.id, ana.id));
    const anaAgent = await signedInAgent(t.app, db, ana.id);
    const benAgent = await signedInAgent(t.app, db, ben.id);
    const sellerAgent = await signedInAgent(t.app, db, seller.id);
    const first = await anaAgent.post(`/api/listings/${listing.id}/bids`, {
      amountCents: 1000,
      maxAmountCents: 5000,
    });
    expect(first.statusCode).toBe(201);
    // Answered at once by Ana's maximum: the history holds bids of both.
    expect(
      (await benAgent.post(`/api/listings/${listing.id}/bids`, { amountCents: 2000 })).statusCode,
    ).toBe(201);
    return { listing, ana, ben, anaAgent, benAgent, sellerAgent };
  }

  const names = (history: BidHistory) => new Set(history.items.map((b) => b.bidder.name));

  it("masks every bidder to others, with their feedback count and no id", async () => {
    const { listing, ana, ben } = await auctionWithTwoBidders();
    const { status, body } = await get<BidHistory>(`/api/listings/${listing.id}/bids`);
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    expect(names(body)).toEqual(
      new Set([maskBidderName(ana.username), maskBidderName(ben.username)]),
    );
    for (const bid of body.items) {
      expect(bid.bidder.isViewer).toBe(false);
      expect(Object.keys(bid.bidder).sort()).toEqual(["isViewer", "name", "ratingCount"]);
      expect(bid.bidder.ratingCount).toBe(bid.bidder.name === maskBidderName(ana.username) ? 7 : 0);
    }
    expect(JSON.stringify(body)).not.toContain(ana.id);
    expect(JSON.stringify(body)).not.toContain(ben.id);
  });

  it("shows a bidder their own name and others masked", async () => {
    const { listing, ana, ben, benAgent } = await auctionWithTwoBidders();
    const body = (await benAgent.get(`/api/listings/${listing.id}/bids`)).json() as BidHistory;
    expect(names(body)).toEqual(new Set([maskBidderName(ana.username), ben.username]));
    for (const bid of body.items) {
      expect(bid.bidder.isViewer).toBe(bid.bidder.name === ben.username);
    }
    expect(body.items.some((b) => b.bidder.isViewer)).toBe(true);
  });

  it("shows the listing's seller every name", async () => {
    const { listing, ana, ben, sellerAgent } = await auctionWithTwoBidders();
    const body = (await sellerAgent.get(`/api/listings/${listing.id}/bids`)).json() as BidHistory;
    expect(names(body)).toEqual(new Set([ana.username, ben.username]));
    expect(body.items.every((b) => !b.bidder.isViewer)).toBe(true);
  });

  it("pages through the whole history", async () => {
    const { listing, anaAgent } = await auctionWithTwoBidders();
    const all = (await anaAgent.get(`/api/listings/${listing.id}/bids?pageSize=100`)).json();
    const second = (
      await anaAgent.get(`/api/listings/${listing.id}/bids?pageSize=1&page=2`)
    ).json();
    expect(second.total).toBe(all.total);
    expect(second.items).toEqual([all.items[1]]);
  });
});

describe("GET /api/listings/{id}/similar", () => {
  it("ranks the same subcategory first, then the category, each by nearest price", async () => {
    const db = t.database.db;
    const [top] = await db
      .insert(categories)
      .values({ slug: `similar-top-${randomUUID()}`, name: "Similar top" })
      .returning();
    if (!top) throw new Error("insert failed");
    const [subA, subB] = await db
      .insert(categories)
      .values([
        { slug: `similar-a-${randomUUID()}`, name: "A", parentId: top.id },
        { slug: `similar-b-${randomUUID()}`, name: "B", parentId: top.id },
      ])
      .returning();
    if (!subA || !subB) throw new Error("insert failed");
    const make = (title: string, subcategoryId: string | null, priceCents: number, more = {}) =>
      createListing(db, { title, categoryId: top.id, subcategoryId, priceCents, ...more });

    const target = await make("Target", subA.id, 5000);
    const farSameSub = await make("Far, same subcategory", subA.id, 9000);
    const nearSameSub = await make("Near, same subcategory", subA.id, 5100);
    const otherSub = await make("Other subcategory, same price", subB.id, 5000);
    const noSub = await make("Category only", null, 4900);
    await make("Ended", subA.id, 5000, { status: "ended" });
    await make("Auction over", subA.id, 5000, {
      auction: { endTime: new Date(Date.now() - 60_000) },
    });
    // Another category at the very same price is not similar.
    await createListing(db, { title: "Elsewhere", priceCents: 5000 });

    const { status, body } = await get<ListingCardList>(`/api/listings/${target.id}/similar`);
    expect(status).toBe(200);
    expect(body.items.map((c) => c.id)).toEqual([
      nearSameSub.id,
      farSameSub.id,
      otherSub.id,
      noSub.id,
    ]);
    for (const card of body.items) expect(card.status).toBe("active");

    // A listing without a subcategory: its category by nearest price, then newest.
    const fromNoSub = await get<ListingCardList>(`/api/listings/${noSub.id}/similar`);
    expect(fromNoSub.body.items.map((c) => c.id)).toEqual([
      otherSub.id,
      target.id,
      nearSameSub.id,
      farSameSub.id,
    ]);
  });

  it("gives at most eight, never the listing itself, and 404 for an unknown one", async () => {
    const { body: page } = await get<{ items: { id: string }[] }>(
      "/api/listings?category=electronics&pageSize=1",
    );
    const id = page.items[0]?.id ?? "";
    const { status, body } = await get<ListingCardList>(`/api/listings/${id}/similar`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.items.length).toBe(8);
    expect(body.items.map((c) => c.id)).not.toContain(id);
    expect((await get(`/api/listings/${randomUUID()}/similar`)).status).toBe(404);
    expect((await get("/api/listings/not-a-uuid/similar")).status).toBe(400);
  });
});

describe("GET /api/listings/cards", () => {
  it("answers cards in the order asked, ended ones as ended, unknown ones left out", async () => {
    const db = t.database.db;
    const active = await createListing(db, { title: "Still for sale" });
    const ended = await createListing(db, {
      title: "Auction over",
      auction: { endTime: new Date(Date.now() - 60_000) },
    });
    const ids = [ended.id, randomUUID(), active.id, ended.id].join(",");
    const { status, body } = await get<ListingCardList>(`/api/listings/cards?ids=${ids}`);
    expect(status).toBe(200);
    expect(body.items.map((c) => [c.id, c.status === "active" && !c.auction?.ended])).toEqual([
      [ended.id, false],
      [active.id, true],
    ]);
  });

  it("takes 1 to 24 ids and nothing else", async () => {
    const many = Array.from({ length: 25 }, () => randomUUID()).join(",");
    expect((await get(`/api/listings/cards?ids=${many}`)).status).toBe(400);
    expect((await get("/api/listings/cards?ids=")).status).toBe(400);
    expect((await get("/api/listings/cards?ids=nope")).status).toBe(400);
    expect((await get("/api/listings/cards")).status).toBe(400);
    expect((await get(`/api/listings/cards?ids=${randomUUID()}&page=2`)).status).toBe(400);
    const ok = Array.from({ length: 24 }, () => randomUUID()).join(",");
    expect((await get(`/api/listings/cards?ids=${ok}`)).body).toEqual({ items: [] });
  });
});
