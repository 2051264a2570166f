import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ListingFacets,
  type ListingPage,
  listingQuerySchema,
} from "../../../core/contracts/browse";
import { categories, territories } from "../../db/schema/catalog";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";
import { searchListings } from "./listings.service";

// Advanced search (/advanced-search) sends its fields to GET /api/listings. These tests make a
// small world of listings sharing one unusual word, then check that every field changes what a
// search for that word finds, and that the filter panel's counts follow the other filters.

const t = setUpTestApp();
let sellerName: string;
const ids: Record<string, string> = {};
const WORD = "zephyrine";

async function idOf(table: typeof categories | typeof territories, slug: string) {
  const [row] = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.slug, slug));
  if (!row) throw new Error(`no ${slug} in the demo data`);
  return row.id;
}

beforeAll(async () => {
  const db = t.database.db;
  const seller = await createUser(db, "islandseller");
  const other = await createUser(db, "otherseller");
  sellerName = seller.username;
  const [electronics, phones, art, home, jamaica, barbados] = await Promise.all([
    idOf(categories, "electronics"),
    idOf(categories, "phones"),
    idOf(categories, "art"),
    idOf(categories, "home"),
    idOf(territories, "jamaica"),
    idOf(territories, "barbados"),
  ]);
  const hourAhead = new Date(Date.now() + 3_600_000);
  const hourAgo = new Date(Date.now() - 3_600_000);
  const make = async (key: string, fields: Parameters<typeof createListing>[1]) => {
    ids[key] = (
      await createListing(db, { sellerId: seller.id, territoryId: jamaica, ...fields })
    ).id;
  };
  await make("phone", {
    title: "Zephyrine phone",
    description: "Unlocked.",
    categoryId: electronics,
    subcategoryId: phones,
    condition: "new",
    priceCents: 5000,
    shippingCents: 0,
  });
  // The word only in the description.
  await make("drum", {
    title: "Blue steel drum",
    description: "Pairs well with a zephyrine painting.",
    categoryId: art,
    condition: "good",
    priceCents: 15000,
    shippingCents: 900,
    localPickup: true,
    territoryId: barbados,
  });
  await make("lamp", {
    title: "Zephyrine lamp",
    categoryId: home,
    condition: "like-new",
    priceCents: 2000,
    shippingCents: 500,
    auction: { endTime: hourAhead, bidCount: 3, currentBidCents: 2500 },
  });
  await make("vase", {
    title: "Zephyrine vase",
    categoryId: home,
    condition: "fair",
    auction: { endTime: hourAgo },
  });
  await make("bowl", {
    title: "Zephyrine bowl",
    categoryId: art,
    condition: "poor",
    status: "sold",
  });
  ids.chair = (
    await createListing(db, {
      sellerId: other.id,
      territoryId: jamaica,
      title: "Zephyrine chair",
      categoryId: home,
      condition: "good",
      priceCents: 8000,
      shippingCents: 1200,
    })
  ).id;
});

async function get(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() };
}

/** The keys of the listings a query finds, sorted. */
async function found(query: string): Promise<string[]> {
  const res = await get(`/api/listings?search=${WORD}&pageSize=100${query ? `&${query}` : ""}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return (res.body as ListingPage).items.map((l) => byId.get(l.id) ?? l.id).sort();
}

async function facets(query: string): Promise<ListingFacets> {
  const res = await get(`/api/listings/facets?search=${WORD}${query ? `&${query}` : ""}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ListingFacets;
}

describe("advanced search through GET /api/listings, field by field", () => {
  it("keywords match titles and descriptions of listings on sale", async () => {
    expect(await found("")).toEqual(["chair", "drum", "lamp", "phone"]);
  });

  it.each([
    ["includeDescription=false", ["chair", "lamp", "phone"]],
    ["includeDescription=true", ["chair", "drum", "lamp", "phone"]],
    ["category=electronics", ["phone"]],
    ["category=phones", ["phone"]],
    ["category=home", ["chair", "lamp"]],
    ["condition=new", ["phone"]],
    ["condition=like-new", ["lamp"]],
    ["condition=good", ["chair", "drum"]],
    ["condition=like-new&condition=good", ["chair", "drum", "lamp"]],
    ["minPriceCents=6000", ["chair", "drum"]],
    ["maxPriceCents=5000", ["lamp", "phone"]],
    ["minPriceCents=2500&maxPriceCents=2500", ["lamp"]],
    ["territory=barbados", ["drum"]],
    ["territory=jamaica", ["chair", "lamp", "phone"]],
    ["kind=auction", ["lamp"]],
    ["kind=buy_it_now", ["chair", "drum", "phone"]],
    ["status=completed", ["bowl", "vase"]],
    ["status=sold", ["bowl"]],
    ["status=ended", ["vase"]],
    ["status=completed&condition=fair", ["vase"]],
  ])("%s changes the results", async (query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  it("seller takes a username", async () => {
    expect(await found(`seller=${sellerName}`)).toEqual(["drum", "lamp", "phone"]);
    expect(await found(`seller=${sellerName}&status=completed`)).toEqual(["bowl", "vase"]);
  });

  it("answers 400 to a parameter it does not know, naming it", async () => {
    // (`q` is known: another name for `search`, issue 23.)
    for (const url of ["/api/listings?keywords=guitar", "/api/listings/facets?keywords=guitar"]) {
      const res = await get(url);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
      expect(res.body.error.message).toBe('Unknown parameter "keywords"');
      expect(res.body.error.fields).toEqual({ keywords: 'Unknown parameter "keywords"' });
    }
    const two = await get("/api/listings?search=x&colour=red&size=9");
    expect(two.status).toBe(400);
    expect(Object.keys(two.body.error.fields).sort()).toEqual(["colour", "size"]);
  });

  it("says a total is a lower bound past the limit, and still pages", async () => {
    const query = listingQuerySchema.parse({ search: WORD, pageSize: "2" });
    const capped = await searchListings(t.database.db, query, 3);
    expect(capped.total).toBe(3);
    expect(capped.totalIsLowerBound).toBe(true);
    expect(capped.items).toHaveLength(2);
    const exact = await searchListings(t.database.db, query, 4);
    expect(exact.total).toBe(4);
    expect(exact.totalIsLowerBound).toBeUndefined();
  });
});

describe("GET /api/listings/facets", () => {
  it("counts every choice of the panel for the current search", async () => {
    const all = await facets("");
    expect(all.kinds).toEqual({ auction: 1, fixed_price: 3 });
    expect(all.categories).toMatchObject({ electronics: 1, phones: 1, art: 1, home: 2 });
    expect(all.conditions).toMatchObject({
      new: 1,
      good: 2,
      "like-new": 1,
      used: 3,
      not_specified: 0,
    });
    expect(all.delivery).toEqual({ freeShipping: 1, localPickup: 1 });
    expect(all.territories).toEqual({ jamaica: 3, barbados: 1 });
  });

  it("follows the Auction / Buy It Now choice in every other group, and not in its own", async () => {
    const auctions = await facets("kind=auction");
    expect(auctions.kinds).toEqual({ auction: 1, fixed_price: 3 });
    expect(auctions.categories).toEqual({ home: 1 });
    expect(auctions.conditions).toMatchObject({ "like-new": 1, used: 1, not_specified: 0 });
    expect(auctions.conditions.new ?? 0).toBe(0);
    expect(auctions.territories).toEqual({ jamaica: 1 });
    expect(auctions.delivery).toEqual({ freeShipping: 0, localPickup: 0 });

    const fixed = await facets("kind=fixed_price&territory=jamaica");
    expect(fixed.categories).toEqual({ electronics: 1, phones: 1, home: 1 });
    expect(fixed.territories).toEqual({ jamaica: 2, barbados: 1 });
    expect(fixed.kinds).toEqual({ auction: 1, fixed_price: 2 });
  });

  it("follows price, condition, delivery, seller and status", async () => {
    expect((await facets("minPriceCents=6000")).kinds).toEqual({ auction: 0, fixed_price: 2 });
    expect((await facets("condition=good")).territories).toEqual({ jamaica: 1, barbados: 1 });
    expect((await facets("freeShipping=true")).categories).toEqual({ electronics: 1, phones: 1 });
    expect((await facets(`seller=${sellerName}`)).categories).toMatchObject({ home: 1 });
    expect((await facets("status=completed")).conditions).toMatchObject({ fair: 1, poor: 1 });
  });
});

describe("trending", () => {
  it("lists only auctions, most bids first", async () => {
    const res = await get("/api/listings?sort=most_bids&pageSize=100");
    const page = res.body as ListingPage;
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((l) => l.kind === "auction")).toBe(true);
    const bids = page.items.map((l) => l.auction?.bidCount ?? 0);
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
  });

  it("fills the home page's Trending Now with auctions", async () => {
    const res = await get("/api/home");
    expect(res.body.trending).toHaveLength(4);
    expect(
      res.body.trending.every((l: { kind: string; auction: unknown }) => l.kind === "auction"),
    ).toBe(true);
  });
});
