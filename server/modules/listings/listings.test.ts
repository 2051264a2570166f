import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ListingCard, ListingDetail, ListingPage } from "../../../core/contracts/browse";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";

const t = setUpTestApp();

async function get<T = unknown>(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() as T };
}

async function browse(query: string) {
  const res = await get<ListingPage>(`/api/listings${query ? `?${query}` : ""}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function count(fragment: ReturnType<typeof sql>) {
  const [row] = await rows<{ n: number }>(t.database.db, fragment);
  return Number(row?.n);
}

const activeCount = sql`select count(*)::int as n from listings l left join auction_settings a on a.listing_id = l.id
  where l.status = 'active' and (l.kind = 'fixed_price' or a.end_time > now())`;

function expectSorted<T>(items: T[], key: (item: T) => number, direction: "asc" | "desc") {
  for (let i = 1; i < items.length; i++) {
    const prev = key(items[i - 1] as T);
    const next = key(items[i] as T);
    if (direction === "asc") expect(next).toBeGreaterThanOrEqual(prev);
    else expect(next).toBeLessThanOrEqual(prev);
  }
}

describe("GET /api/listings", () => {
  it("lists active listings, newest first, with the total of all active listings", async () => {
    const page = await browse("");
    expect(page.total).toBe(await count(activeCount));
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(24);
    // A full page, less the featured listings pinned above it (decision 0019).
    expect(page.items.length).toBeGreaterThanOrEqual(24 - (page.pinned?.length ?? 0));
    expectSorted(page.items, (l) => Date.parse(l.createdAt), "desc");
    for (const item of page.items) {
      expect(item.status).toBe("active");
      if (item.auction) expect(item.auction.ended).toBe(false);
    }
  });

  it("gives auctions the card price of current bid, else start price", async () => {
    const { items } = await browse("kind=auction&pageSize=100");
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.kind).toBe("auction");
      expect(item.auction).not.toBeNull();
      expect(item.displayPriceCents).toBe(
        item.auction?.currentBidCents ?? item.auction?.startPriceCents,
      );
      expect(item.auction?.minNextBidCents).toBeGreaterThan(item.auction?.currentBidCents ?? -1);
    }
  });

  it("filters by top-level category including its subcategories", async () => {
    const page = await browse("category=electronics&pageSize=100");
    const expected = await count(sql`select count(*)::int as n from listings l
      join categories c on c.id = l.category_id left join auction_settings a on a.listing_id = l.id
      where c.slug = 'electronics' and l.status = 'active' and (l.kind = 'fixed_price' or a.end_time > now())`);
    expect(page.total).toBe(expected);
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((l) => l.category.slug === "electronics")).toBe(true);
    expect(page.items.some((l) => l.subcategory !== null)).toBe(true);
  });

  it("filters by subcategory slug", async () => {
    const [sub] = await rows<{ slug: string }>(
      t.database.db,
      sql`select sc.slug from listings l join categories sc on sc.id = l.subcategory_id
        where l.status = 'active' and l.kind = 'fixed_price' group by sc.slug order by count(*) desc limit 1`,
    );
    const page = await browse(`category=${sub?.slug}&pageSize=100`);
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((l) => l.subcategory?.slug === sub?.slug)).toBe(true);
  });

  it("returns nothing for a category that does not exist", async () => {
    const page = await browse("category=no-such-thing");
    expect(page.total).toBe(0);
    expect(page.items).toEqual([]);
  });

  it("filters by territory, given as slug or id", async () => {
    const bySlug = await browse("territory=jamaica&pageSize=100");
    expect(bySlug.total).toBeGreaterThan(0);
    expect(bySlug.items.every((l) => l.territory.name === "Jamaica")).toBe(true);
    const id = bySlug.items[0]?.territory.id;
    const byId = await browse(`territory=${id}&pageSize=100`);
    expect(byId.total).toBe(bySlug.total);
  });

  it("filters by kind and accepts the spec's aliases for fixed price", async () => {
    const auctions = await browse("kind=auction");
    const fixed = await browse("kind=fixed_price");
    expect(auctions.total + fixed.total).toBe(await count(activeCount));
    for (const alias of ["buy_it_now", "buyitnow", "fixed", "BUY_IT_NOW"]) {
      expect((await browse(`kind=${alias}`)).total).toBe(fixed.total);
    }
    expect(fixed.items.every((l) => l.kind === "fixed_price" && l.auction === null)).toBe(true);
  });

  it("searches title and description case-insensitively", async () => {
    const [sample] = await rows<{ title: string }>(
      t.database.db,
      sql`select title from listings where status = 'active' and kind = 'fixed_price' order by title limit 1`,
    );
    const word = (
      sample?.title.split(/\s+/).find((w) => w.length >= 5) ??
      sample?.title ??
      ""
    ).replace(/[^\p{L}]/gu, "");
    const page = await browse(`search=${encodeURIComponent(word.toUpperCase())}&pageSize=100`);
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.some((l) => l.title === sample?.title)).toBe(true);
  });

  // Issue 23: `q` is the usual name for search text in a URL (/search?q=, other sites' links).
  it("reads q as search, in the listings and in the facets", async () => {
    const bySearch = await browse("search=guitar&pageSize=100");
    expect(bySearch.total).toBeGreaterThan(0);
    expect(bySearch.total).toBeLessThan((await browse("")).total);
    const byQ = await browse("q=guitar&pageSize=100");
    expect(byQ.total).toBe(bySearch.total);
    expect(byQ.items.map((l) => l.id)).toEqual(bySearch.items.map((l) => l.id));
    // Both given: search wins.
    expect((await browse("q=zebra&search=guitar")).total).toBe(bySearch.total);
    const facets = await get<{ kinds: unknown }>("/api/listings/facets?q=guitar");
    expect(facets.status).toBe(200);
    expect(facets.body).toEqual((await get("/api/listings/facets?search=guitar")).body);
  });

  it("finds a word that appears only in a description", async () => {
    await createListing(t.database.db, {
      title: "Carved bowl",
      description: "Hand carved from zxqmahogany wood.",
    });
    const page = await browse("search=ZXQMAHOGANY");
    expect(page.items.map((l) => l.title)).toEqual(["Carved bowl"]);
  });

  it("reads % and _ in search text as word breaks, never as patterns", async () => {
    const listing = await createListing(t.database.db, { title: "Sale: 50%_off sandals" });
    // Words only (issue 30): "50%_off sandals" is the words 50 and sandals ("off" is a stop word).
    expect((await browse("search=50%25_off%20sandals")).items.map((l) => l.id)).toEqual([
      listing.id,
    ]);
    // A pattern would have matched any title with a 0 followed later by an o.
    expect((await browse("search=0%25_o")).items.map((l) => l.id)).not.toContain(listing.id);
    expect((await browse("search=%25%25%25")).total).toBe(0);
  });

  it("returns an empty page when nothing matches", async () => {
    const page = await browse("search=qqqzzznothingmatches");
    expect(page).toEqual({ items: [], total: 0, page: 1, pageSize: 24 });
  });

  it("filters by price range on the card price", async () => {
    const page = await browse("minPriceCents=2000&maxPriceCents=10000&pageSize=100");
    expect(page.total).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(item.displayPriceCents).toBeGreaterThanOrEqual(2000);
      expect(item.displayPriceCents).toBeLessThanOrEqual(10000);
    }
    const all = await browse("pageSize=100");
    expect(page.total).toBeLessThan(all.total);
  });

  it("filters by condition, with used meaning anything but new", async () => {
    const fresh = await browse("condition=new&pageSize=100");
    expect(fresh.total).toBeGreaterThan(0);
    expect(fresh.items.every((l) => l.condition === "new")).toBe(true);
    const used = await browse("condition=used&pageSize=100");
    expect(used.total).toBeGreaterThan(0);
    expect(used.items.every((l) => l.condition !== "new" && l.condition !== null)).toBe(true);
    const both = await browse("condition=new&condition=used");
    expect(both.total).toBe(fresh.total + used.total);
    const twoExact = await browse("condition=good&condition=fair&pageSize=100");
    expect(twoExact.items.every((l) => l.condition === "good" || l.condition === "fair")).toBe(
      true,
    );
  });

  it("finds listings with no condition under not_specified", async () => {
    const listing = await createListing(t.database.db, { title: "Mystery box", condition: null });
    const page = await browse("condition=not_specified&pageSize=100");
    expect(page.items.map((l) => l.id)).toContain(listing.id);
    expect(page.items.every((l) => l.condition === null)).toBe(true);
  });

  it("filters by delivery: free shipping, local pickup, or either", async () => {
    const free = await browse("freeShipping=true&pageSize=100");
    expect(free.total).toBeGreaterThan(0);
    expect(free.items.every((l) => l.shippingCents === 0)).toBe(true);
    const pickup = await browse("localPickup=true&pageSize=100");
    expect(pickup.total).toBeGreaterThan(0);
    expect(pickup.items.every((l) => l.localPickup)).toBe(true);
    const either = await browse("freeShipping=true&localPickup=true&pageSize=100");
    expect(either.total).toBeGreaterThanOrEqual(Math.max(free.total, pickup.total));
    expect(either.items.every((l) => l.localPickup || l.shippingCents === 0)).toBe(true);
    expect((await browse("freeShipping=false")).total).toBe(await count(activeCount));
  });

  it("filters by seller username or id", async () => {
    const first = (await browse("")).items[0] as ListingCard;
    const byName = await browse(`seller=${first.seller.username}&pageSize=100`);
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.items.every((l) => l.seller.id === first.seller.id)).toBe(true);
    expect((await browse(`seller=${first.seller.id}`)).total).toBe(byName.total);
  });

  it("filters featured listings", async () => {
    const page = await browse("featured=true&pageSize=100");
    const expected =
      await count(sql`select count(*)::int as n from listings l left join auction_settings a
      on a.listing_id = l.id where l.featured and l.status = 'active' and (l.kind = 'fixed_price' or a.end_time > now())`);
    expect(page.total).toBe(expected);
    expect(page.total).toBeGreaterThan(0);
  });

  it("lists ended auctions and sold listings by status", async () => {
    const ended = await browse("status=ended&pageSize=100");
    expect(ended.total).toBeGreaterThan(0);
    for (const item of ended.items) {
      expect(item.status).toBe("ended");
      if (item.auction) expect(item.auction.ended).toBe(true);
    }
    const sold = await browse("status=sold&pageSize=100");
    expect(sold.items.every((l) => l.status === "sold")).toBe(true);
  });

  it("sorts by card price both ways", async () => {
    expectSorted(
      (await browse("sort=price_asc&pageSize=100")).items,
      (l) => l.displayPriceCents,
      "asc",
    );
    expectSorted(
      (await browse("sort=price_desc&pageSize=100")).items,
      (l) => l.displayPriceCents,
      "desc",
    );
  });

  it("sorts ending soon: open auctions only, soonest first", async () => {
    const page = await browse("sort=ending_soon&pageSize=100");
    expect(page.total).toBe((await browse("kind=auction")).total);
    expect(page.items.every((l) => l.kind === "auction" && l.auction && !l.auction.ended)).toBe(
      true,
    );
    expectSorted(page.items, (l) => Date.parse(l.auction?.endsAt ?? ""), "asc");
  });

  it("sorts by most bids", async () => {
    expectSorted(
      (await browse("sort=most_bids&pageSize=100")).items,
      (l) => l.auction?.bidCount ?? 0,
      "desc",
    );
  });

  it("ranks best matches of a search first, and orders like newest without one", async () => {
    await createListing(t.database.db, { title: "Quenepa jam", description: "Sweet preserve." });
    await createListing(t.database.db, {
      title: "Spice rack",
      description: "Comes with a jar of quenepa jam.",
    });
    const page = await browse("search=quenepa%20jam&sort=best_match");
    expect(page.items[0]?.title).toBe("Quenepa jam");
    const plain = await browse("sort=best_match");
    expect(plain.items.map((l) => l.id)).toEqual(
      (await browse("sort=newest")).items.map((l) => l.id),
    );
  });

  it("pages through results without overlap and past the end", async () => {
    const first = await browse("pageSize=10&page=1");
    const second = await browse("pageSize=10&page=2");
    expect(second.items).toHaveLength(10);
    const ids = new Set(first.items.map((l) => l.id));
    expect(second.items.some((l) => ids.has(l.id))).toBe(false);
    const last = Math.ceil(first.total / 10);
    const lastPage = await browse(`pageSize=10&page=${last}`);
    expect(lastPage.items.length).toBe(first.total - (last - 1) * 10);
    const beyond = await browse(`pageSize=10&page=${last + 1}`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
    const hundred = await browse("pageSize=100");
    expect(hundred.items.length + (hundred.pinned?.length ?? 0)).toBeGreaterThanOrEqual(
      Math.min(100, first.total),
    );
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["pageSize=0", "pageSize"],
    ["pageSize=101", "pageSize"],
    ["sort=cheapest", "sort"],
    ["kind=raffle", "kind"],
    ["status=deleted", "status"],
    ["minPriceCents=-1", "minPriceCents"],
    ["maxPriceCents=9.99", "maxPriceCents"],
    ["minPriceCents=abc", "minPriceCents"],
    ["minPriceCents=500&maxPriceCents=100", "minPriceCents"],
    ["condition=mint", "condition"],
    ["freeShipping=maybe", "freeShipping"],
    [`search=${"a".repeat(201)}`, "search"],
    [`q=${"a".repeat(201)}`, "q"],
    ["category=", "category"],
  ])("rejects %s with a 400 naming the parameter", async (query, field) => {
    const res = await get<{
      error: { code: string; message: string; fields: Record<string, string> };
    }>(`/api/listings?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(res.body.error.message.length).toBeGreaterThan(5);
    expect(Object.keys(res.body.error.fields).some((k) => k.startsWith(field))).toBe(true);
  });
});

describe("GET /api/listings/:id", () => {
  it("returns a fixed-price listing with every image in order", async () => {
    const listing = await createListing(t.database.db, {
      title: "Steel pan",
      specifications: { Material: "Steel" },
      images: 3,
    });
    const { status, body } = await get<ListingDetail>(`/api/listings/${listing.id}`);
    expect(status).toBe(200);
    expect(body.kind).toBe("fixed_price");
    expect(body.auction).toBeNull();
    expect(body.images.map((i) => i.url)).toEqual(
      [0, 1, 2].map((n) => `/uploads/test/${listing.id}-${n}.webp`),
    );
    expect(body.specifications).toEqual({ Material: "Steel" });
    expect(body.seller.username).toBeTruthy();
  });

  it("returns an auction's state, hiding the reserve and offering Buy It Now before bids", async () => {
    const listing = await createListing(t.database.db, {
      priceCents: 5000,
      auction: {
        endTime: new Date(Date.now() + 3_600_000),
        reservePriceCents: 20000,
        buyItNowPriceCents: 30000,
      },
    });
    const { body } = await get<ListingDetail & Record<string, unknown>>(
      `/api/listings/${listing.id}`,
    );
    expect(body.auction).toMatchObject({
      startPriceCents: 5000,
      currentBidCents: null,
      bidCount: 0,
      minNextBidCents: 5000,
      ended: false,
      hasReserve: true,
      reserveMet: false,
      buyItNowPriceCents: 30000,
    });
    expect(JSON.stringify(body)).not.toContain("20000");
  });

  it("reports an auction past its end as ended", async () => {
    const listing = await createListing(t.database.db, {
      auction: { endTime: new Date(Date.now() - 60_000) },
    });
    const { body } = await get<ListingDetail>(`/api/listings/${listing.id}`);
    expect(body.status).toBe("ended");
    expect(body.auction?.ended).toBe(true);
    expect(body.auction?.buyItNowPriceCents).toBeNull();
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const missing = await get<{ error: { code: string } }>(
      "/api/listings/00000000-0000-4000-8000-000000000000",
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("listing_not_found");
    const bad = await get<{ error: { code: string } }>("/api/listings/not-a-uuid");
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/listings/:id/bids", () => {
  it("returns the visible bids newest first, five at a time", async () => {
    const [auction] = await rows<{ listing_id: string; bid_count: number }>(
      t.database.db,
      sql`select listing_id, bid_count from auction_settings where bid_count > 5 limit 1`,
    );
    expect(auction).toBeDefined();
    const { status, body } = await get<{
      items: { amountCents: number; placedAt: string }[];
      total: number;
    }>(`/api/listings/${auction?.listing_id}/bids?pageSize=5`);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(5);
    expect(body.total).toBe(auction?.bid_count);
    expectSorted(body.items, (b) => Date.parse(b.placedAt), "desc");
    expectSorted(body.items, (b) => b.amountCents, "desc");
  });

  it("answers 404 for an unknown listing", async () => {
    const res = await get("/api/listings/00000000-0000-4000-8000-000000000000/bids");
    expect(res.status).toBe(404);
  });

  // Issue 22: a Buy It Now listing has no bid history (its page, /listing/{id}/bids, is a 404).
  it("answers 404 for a listing that is not an auction", async () => {
    const listing = await createListing(t.database.db, { title: "Fixed price only" });
    const res = await get<{ error: { code: string; message: string } }>(
      `/api/listings/${listing.id}/bids`,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("This listing is not an auction.");
  });
});

describe("share tags", () => {
  it("puts an escaped title and Open Graph tags in a listing page's HTML", async () => {
    const { shareTagsFor } = await import("./share-tags");
    const listing = await createListing(t.database.db, {
      title: `<script>alert("x")</script> Rum cake`,
      description: "Moist & dark",
    });
    const tags = await shareTagsFor(
      t.database.db,
      `/products/${listing.id}`,
      "https://tradewinds.example",
    );
    expect(tags).toContain(
      "<title>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Rum cake | Tradewinds</title>",
    );
    expect(tags).toContain('<meta property="og:description" content="Moist &#38; dark" />');
    expect(tags).toContain(
      `<meta property="og:url" content="https://tradewinds.example/products/${listing.id}" />`,
    );
    expect(tags).toContain(
      `og:image" content="https://tradewinds.example/uploads/test/${listing.id}-0.webp"`,
    );
    expect(tags).not.toContain("<script>");
    expect(await shareTagsFor(t.database.db, "/listings", "https://x")).toBeNull();
  });
});
