import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingDetailSchema } from "../../../core/contracts/browse";
import {
  followedSellerPageSchema,
  savedSearchListSchema,
  savedSearchSchema,
  WATCH_MESSAGES,
  watchlistPageSchema,
  watchStateSchema,
} from "../../../core/contracts/watching";
import { ERROR_CODES } from "../../../core/errors";
import { MAX_SAVED_SEARCHES, MAX_WATCHED_ITEMS } from "../../../core/limits";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

const t = setUpTestApp();

async function person(name: string): Promise<{ id: string; agent: Agent }> {
  const user = await createUser(t.database.db, name);
  return { id: user.id, agent: await signedInAgent(t.app, t.database.db, user.id) };
}

const HOUR = 3_600_000;

describe("watchlist", () => {
  it("watching is idempotent, counted on the listing page, and undone by DELETE", async () => {
    const buyer = await person("watcher");
    const other = await person("watcher");
    const listing = await createListing(t.database.db, { title: "Conch shell lamp" });
    for (let i = 0; i < 2; i++) {
      const res = await buyer.agent.put(`/api/me/watchlist/${listing.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(watchStateSchema.parse(res.json())).toEqual({
        listingId: listing.id,
        watching: true,
        watcherCount: 1,
      });
    }
    expect(
      watchStateSchema.parse((await other.agent.put(`/api/me/watchlist/${listing.id}`)).json())
        .watcherCount,
    ).toBe(2);
    const detail = listingDetailSchema.parse(
      (await t.app.inject({ method: "GET", url: `/api/listings/${listing.id}` })).json(),
    );
    expect(detail.watcherCount).toBe(2);
    expect((await buyer.agent.get("/api/me/watchlist/ids")).json()).toEqual({ ids: [listing.id] });

    for (let i = 0; i < 2; i++) {
      const res = await buyer.agent.delete(`/api/me/watchlist/${listing.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ listingId: listing.id, watching: false, watcherCount: 1 });
    }
    expect((await buyer.agent.get("/api/me/watchlist/ids")).json()).toEqual({ ids: [] });
  });

  it("refuses visitors, unknown listings and your own listing", async () => {
    const listing = await createListing(t.database.db);
    const visitor = await t.app.inject({ method: "GET", url: "/api/me/watchlist" });
    expect(visitor.statusCode).toBe(401);
    const buyer = await person("watcher");
    const unknown = await buyer.agent.put("/api/me/watchlist/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    const seller = await signedInAgent(t.app, t.database.db, listing.sellerId);
    const own = await seller.put(`/api/me/watchlist/${listing.id}`);
    expect(own.statusCode).toBe(422);
    expect(own.json().error).toMatchObject({
      code: ERROR_CODES.cannotWatchOwn,
      message: WATCH_MESSAGES.cannotWatchOwn,
    });
  });

  it("filters and sorts in the database", async () => {
    const buyer = await person("watcher");
    const now = Date.now();
    const soon = await createListing(t.database.db, {
      title: "Ends in an hour",
      priceCents: 5000,
      auction: { endTime: new Date(now + HOUR), currentBidCents: 7000, bidCount: 2 },
    });
    const later = await createListing(t.database.db, {
      title: "Ends in three days",
      priceCents: 2000,
      auction: { endTime: new Date(now + 72 * HOUR) },
    });
    const fixed = await createListing(t.database.db, { title: "Fixed price", priceCents: 3000 });
    const over = await createListing(t.database.db, {
      title: "Already over",
      priceCents: 1000,
      auction: { endTime: new Date(now - HOUR) },
    });
    const sold = await createListing(t.database.db, {
      title: "Sold out",
      priceCents: 9000,
      status: "sold",
    });
    for (const l of [soon, later, fixed, over, sold])
      expect((await buyer.agent.put(`/api/me/watchlist/${l.id}`)).statusCode).toBe(200);

    const titles = async (query: string) => {
      const res = await buyer.agent.get(`/api/me/watchlist?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return watchlistPageSchema.parse(res.json()).items.map((i) => i.listing.title);
    };
    expect(await titles("")).toEqual([
      "Ends in an hour",
      "Ends in three days",
      "Fixed price",
      "Already over",
      "Sold out",
    ]);
    expect(await titles("filter=ending_soon")).toEqual(["Ends in an hour"]);
    expect(await titles("filter=active&sort=price_lowest")).toEqual([
      "Ends in three days",
      "Fixed price",
      "Ends in an hour",
    ]);
    expect(await titles("filter=ended&sort=price_highest")).toEqual(["Sold out", "Already over"]);
    expect((await titles("sort=newly_listed"))[0]).toBe("Sold out");
    // The current price is the highest bid.
    const page = watchlistPageSchema.parse(
      (await buyer.agent.get("/api/me/watchlist?filter=ending_soon")).json(),
    );
    expect(page.items[0]?.listing.displayPriceCents).toBe(7000);
    expect(page.total).toBe(1);
    expect((await buyer.agent.get("/api/me/watchlist?filter=soon")).statusCode).toBe(400);
  });

  it("stops at the limit, even when adds race", async () => {
    const buyer = await person("collector");
    const seller = await createUser(t.database.db, "seller");
    // Fill the list directly up to two below the limit, then race five adds for the last two places.
    await t.database.db.execute(sql`
      insert into listings (seller_id, category_id, territory_id, title, description, price_cents)
      select ${seller.id}, (select id from categories limit 1), (select id from territories limit 1),
        'Filler ' || g, 'filler', 100 from generate_series(1, ${MAX_WATCHED_ITEMS + 3}) g`);
    await t.database.db.execute(sql`
      insert into watchlist_items (user_id, listing_id, price_seen_cents)
      select ${buyer.id}, id, 100 from listings where seller_id = ${seller.id}
      order by id limit ${MAX_WATCHED_ITEMS - 2}`);
    const rest = await rows<{ id: string }>(
      t.database.db,
      sql`select l.id from listings l where l.seller_id = ${seller.id} and not exists
          (select 1 from watchlist_items w where w.listing_id = l.id) limit 5`,
    );
    const answers = await Promise.all(
      rest.map((l) => buyer.agent.put(`/api/me/watchlist/${l.id}`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json().error.message).toBe(WATCH_MESSAGES.watchlistFull);
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from watchlist_items where user_id = ${buyer.id}`,
    );
    expect(count?.n).toBe(MAX_WATCHED_ITEMS);
  });
});

describe("saved searches", () => {
  it("stores the query checked and canonical, described in words, owner-only", async () => {
    const buyer = await person("searcher");
    const res = await buyer.agent.post("/api/me/saved-searches", {
      name: "  Cheap steel pans ",
      query: {
        maxPriceCents: "5000",
        search: "steel pan",
        kind: "buy_it_now",
        condition: ["used", "new"],
        page: "3",
        sort: "newest",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = savedSearchSchema.parse(res.json());
    expect(saved).toMatchObject({
      name: "Cheap steel pans",
      query: {
        search: "steel pan",
        kind: "fixed_price",
        maxPriceCents: "5000",
        condition: ["new", "used"],
      },
      description: '"steel pan", Buy It Now, up to $50.00, New or Used',
      notificationsEnabled: true,
    });
    expect(saved.query).not.toHaveProperty("page");

    const bad = await buyer.agent.post("/api/me/saved-searches", {
      name: "Bad",
      query: { minPriceCents: "-5" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("query.minPriceCents");
    const unnamed = await buyer.agent.post("/api/me/saved-searches", { name: " ", query: {} });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toContain(WATCH_MESSAGES.searchNameRequired);

    const other = await person("snoop");
    for (const res of [
      await other.agent.get(`/api/me/saved-searches/${saved.id}`),
      await other.agent.patch(`/api/me/saved-searches/${saved.id}`, { name: "Mine now" }),
      await other.agent.delete(`/api/me/saved-searches/${saved.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe(ERROR_CODES.savedSearchNotFound);
    }
    expect(
      savedSearchListSchema.parse((await other.agent.get("/api/me/saved-searches")).json()),
    ).toEqual({ items: [] });

    const patched = await buyer.agent.patch(`/api/me/saved-searches/${saved.id}`, {
      notificationsEnabled: false,
      query: { category: "electronics", territory: "jamaica" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(savedSearchSchema.parse(patched.json())).toMatchObject({
      name: "Cheap steel pans",
      notificationsEnabled: false,
      query: { category: "electronics", territory: "jamaica" },
      description: "All listings in Electronics, Jamaica",
    });
    const delivered = await buyer.agent.patch(`/api/me/saved-searches/${saved.id}`, {
      query: { category: "electronics", shipsTo: "grenada", deliveryBy: "2030-01-15" },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().description).toBe(
      "All listings in Electronics, ships to Grenada, delivered by Tue, Jan 15",
    );
    expect((await buyer.agent.delete(`/api/me/saved-searches/${saved.id}`)).statusCode).toBe(204);
    expect((await buyer.agent.get(`/api/me/saved-searches/${saved.id}`)).statusCode).toBe(404);
  });

  // Issue 15: saving the same search twice made two, and each match alerted twice.
  it("answers a search saved again with the one already saved, never a second", async () => {
    const buyer = await person("repeater");
    const first = await buyer.agent.post("/api/me/saved-searches", {
      name: "Guitars",
      query: { search: "guitar", kind: "auction" },
    });
    expect(first.statusCode, first.body).toBe(201);
    const saved = savedSearchSchema.parse(first.json());
    // The same filters written otherwise (order, `q`, the page, the default sort: Best Match with
    // words, issue 30) are the same search.
    const again = await buyer.agent.post("/api/me/saved-searches", {
      name: "Guitars again",
      query: { kind: "auction", q: "guitar", page: "2", sort: "best_match" },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(savedSearchSchema.parse(again.json())).toEqual(saved);
    const list = savedSearchListSchema.parse(
      (await buyer.agent.get("/api/me/saved-searches")).json(),
    );
    expect(list.items.map((s) => s.id)).toEqual([saved.id]);

    // Someone else may save the same search.
    const other = await person("copycat");
    const theirs = await other.agent.post("/api/me/saved-searches", {
      name: "Guitars",
      query: { search: "guitar", kind: "auction" },
    });
    expect(theirs.statusCode).toBe(201);

    // Editing another search into the same filters would make a duplicate: a clear 409.
    const drums = await buyer.agent.post("/api/me/saved-searches", {
      name: "Drums",
      query: { search: "drum" },
    });
    expect(drums.statusCode).toBe(201);
    const clash = await buyer.agent.patch(`/api/me/saved-searches/${drums.json().id}`, {
      query: { search: "guitar", kind: "auction" },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: ERROR_CODES.searchAlreadySaved,
      message: WATCH_MESSAGES.searchAlreadySaved,
    });
    // Its own filters again (a rename) are no clash.
    const renamed = await buyer.agent.patch(`/api/me/saved-searches/${saved.id}`, {
      name: "Guitar auctions",
      query: { search: "guitar", kind: "auction" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  // Truly concurrent on PostgreSQL (TEST_DATABASE_URL); PGlite runs the requests one by one.
  it("saves one search when the same save races (a double click)", async () => {
    const buyer = await person("doubleclick");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        buyer.agent.post("/api/me/saved-searches", {
          name: "Steel pans",
          query: { search: "steel pan" },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from saved_searches where user_id = ${buyer.id}`,
    );
    expect(count?.n).toBe(1);
  });

  it(`stops at ${MAX_SAVED_SEARCHES}`, async () => {
    const buyer = await person("hoarder");
    await t.database.db.execute(sql`
      insert into saved_searches (user_id, name, query, description)
      select ${buyer.id}, 'Search ' || g, jsonb_build_object('search', 'word' || g), 'All listings'
      from generate_series(1, ${MAX_SAVED_SEARCHES}) g`);
    const res = await buyer.agent.post("/api/me/saved-searches", { name: "One more", query: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: ERROR_CODES.watchLimitReached,
      message: WATCH_MESSAGES.savedSearchesFull,
    });
  });
});

describe("followed sellers", () => {
  it("follows idempotently with the store facts, toggles notifications, unfollows", async () => {
    const buyer = await person("fan");
    const seller = await createUser(t.database.db, "maker");
    await t.database.db.execute(
      sql`update users set store_name = 'Island Crafts', store_description = 'Hand-made in Dominica.',
            rating_total = 9, rating_count = 2 where id = ${seller.id}`,
    );
    for (let i = 0; i < 2; i++) {
      const res = await buyer.agent.put(`/api/me/followed-sellers/${seller.id}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const page = followedSellerPageSchema.parse(
      (await buyer.agent.get("/api/me/followed-sellers")).json(),
    );
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      seller: {
        id: seller.id,
        storeName: "Island Crafts",
        storeDescription: "Hand-made in Dominica.",
        rating: 4.5,
        ratingCount: 2,
      },
      notificationsEnabled: true,
    });
    const off = await buyer.agent.patch(`/api/me/followed-sellers/${seller.id}`, {
      notificationsEnabled: false,
    });
    expect(off.json().notificationsEnabled).toBe(false);
    expect((await buyer.agent.get("/api/me/followed-sellers/ids")).json()).toEqual({
      ids: [seller.id],
    });
    expect((await buyer.agent.delete(`/api/me/followed-sellers/${seller.id}`)).statusCode).toBe(
      204,
    );
    const again = await buyer.agent.delete(`/api/me/followed-sellers/${seller.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe(ERROR_CODES.followNotFound);
  });

  it("refuses following yourself or nobody", async () => {
    const buyer = await person("fan");
    const self = await buyer.agent.put(`/api/me/followed-sellers/${buyer.id}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe(WATCH_MESSAGES.cannotFollowSelf);
    const nobody = await buyer.agent.put(
      "/api/me/followed-sellers/00000000-0000-4000-8000-000000000000",
    );
    expect(nobody.statusCode).toBe(404);
    const patchNotFollowed = await buyer.agent.patch(
      "/api/me/followed-sellers/00000000-0000-4000-8000-000000000000",
      { notificationsEnabled: true },
    );
    expect(patchNotFollowed.statusCode).toBe(404);
  });
});
