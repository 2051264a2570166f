import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incrementFor } from "../../core/bidding";
import { DETAILED_RATINGS_MINIMUM } from "../../core/contracts/feedback";
import { CONDITION_VALUES } from "../../core/listing";
import type { Database } from "../db/client";
import { rows } from "../db/rows";
import { auctionSettings, bidIncrements, bids } from "../db/schema/auctions";
import { categories, territories } from "../db/schema/catalog";
import { listingImages, listings } from "../db/schema/listings";
import { users } from "../db/schema/users";
import { verifyPassword } from "../modules/accounts/password";
import { openTestDatabase } from "../test/build-test-app";
import { buildSeedPlan, DEMO_PASSWORD, DEMO_USER_EMAILS, seedDatabase } from "./seed";
import { DEMO_STAFF } from "./seed-admin";
import { BID_INCREMENT_BANDS, CATEGORY_TREE, TERRITORIES } from "./seed-data";

const NOW = new Date("2025-06-15T12:00:00.000Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

interface Target {
  name: string;
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

const targets: Target[] = [{ name: "PGlite", open: () => openTestDatabase("pglite") }];
if (process.env.TEST_DATABASE_URL)
  targets.push({ name: "PostgreSQL", open: () => openTestDatabase("postgres") });

async function readAll(database: Database) {
  const { db } = database;
  return {
    categories: await db.select().from(categories).orderBy(asc(categories.position)),
    territories: await db.select().from(territories),
    increments: await db
      .select()
      .from(bidIncrements)
      .orderBy(asc(bidIncrements.priceRangeStartCents)),
    users: await db.select().from(users),
    listings: await db
      .select()
      .from(listings)
      .orderBy(asc(listings.createdAt), asc(listings.title)),
    images: await db.select().from(listingImages),
    auctions: await db.select().from(auctionSettings),
    bids: await db.select().from(bids).orderBy(asc(bids.placedAt)),
  };
}

/** What must come out the same from two seeds with the same `now`. */
async function fingerprint(database: Database) {
  const data = await readAll(database);
  const titleOf = new Map(data.listings.map((l) => [l.id, l.title]));
  return {
    listings: data.listings.map((l) => [
      l.title,
      l.kind,
      l.priceCents,
      l.quantity,
      l.status,
      l.featured,
    ]),
    bids: data.bids
      .map((b) => [titleOf.get(b.listingId), b.amountCents, b.placedAt.toISOString(), b.status])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

describe.each(targets)("seedDatabase on $name", (target) => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;
  let first: { seeded: boolean };
  let data: Awaited<ReturnType<typeof readAll>>;

  beforeAll(async () => {
    ({ database, dispose } = await target.open());
    first = await seedDatabase(database.db, { now: NOW });
    data = await readAll(database);
  });

  afterAll(async () => {
    await dispose?.();
  });

  it("reports that it seeded", () => {
    expect(first).toEqual({ seeded: true });
  });

  it("stores the category tree in nav order with unique subcategory slugs", () => {
    const top = data.categories.filter((c) => c.parentId === null);
    expect(top.map((c) => c.slug)).toEqual([
      "electronics",
      "fashion",
      "home",
      "cars",
      "animals",
      "art",
      "jewelry",
      "toys",
      "sports",
      "handicrafts",
      "food-spices",
    ]);
    expect(top.map((c) => c.name)).toContain("Home & Garden");
    expect(top.every((c) => c.description.length > 20)).toBe(true);
    for (const parent of top) {
      const children = data.categories.filter((c) => c.parentId === parent.id);
      expect(children.length).toBeGreaterThanOrEqual(3);
      expect(children.length).toBeLessThanOrEqual(5);
    }
    const slugs = data.categories.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("stores territories and the increment bands", () => {
    expect(data.territories.map((t) => t.slug).sort()).toEqual(
      TERRITORIES.map((t) => t.slug).sort(),
    );
    expect(data.territories.find((t) => t.slug === "curacao")?.name).toBe("Curaçao");
    expect(
      data.increments.map((b) => [
        b.priceRangeStartCents,
        b.priceRangeEndCents,
        b.minimumIncrementCents,
      ]),
    ).toEqual(BID_INCREMENT_BANDS.map((b) => [b.startCents, b.endCents, b.incrementCents]));
  });

  it("creates confirmed demo users who can sign in with the demo password", async () => {
    expect(data.users.map((u) => u.email).sort()).toEqual(
      [...DEMO_USER_EMAILS, ...DEMO_STAFF.map((s) => s.email)].sort(),
    );
    for (const user of data.users) {
      expect(user.username).toBe(user.email.split("@")[0]);
      expect(user.emailConfirmedAt?.toISOString()).toBe(NOW.toISOString());
      expect(user.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    }
    const marcus = data.users.find((u) => u.email === "marcus@demo.tradewinds.test");
    expect(await verifyPassword(DEMO_PASSWORD, marcus?.passwordHash ?? "")).toBe(true);
    expect(await verifyPassword("wrong-password", marcus?.passwordHash ?? "")).toBe(false);
    // The demo's admin and moderator sign in with the same password, with their staff roles.
    for (const staff of DEMO_STAFF) {
      const user = data.users.find((u) => u.email === staff.email);
      expect(user?.staffRole).toBe(staff.staffRole);
      expect(await verifyPassword(DEMO_PASSWORD, user?.passwordHash ?? "")).toBe(true);
    }
    expect(data.users.filter((u) => u.staffRole !== null)).toHaveLength(DEMO_STAFF.length);
    expect(new Set(data.users.map((u) => u.role))).toEqual(new Set(["user", "seller"]));
    expect(data.users.filter((u) => u.ratingCount === 0).length).toBeGreaterThanOrEqual(2);
    expect(data.users.filter((u) => u.ratingCount > 0).length).toBeGreaterThanOrEqual(6);
  });

  it("gives several sellers enough detailed ratings for averages, and one too few", async () => {
    // Per seller, the fewest buyers giving any one detailed rating in the year before the seed.
    const found = await rows<{ username: string; fewest: number }>(
      database.db,
      sql`select u.username, least(count(f.described_stars), count(f.communication_stars),
            count(f.shipping_time_stars), count(f.shipping_cost_stars))::int as fewest
          from feedback f join users u on u.id = f.subject_id
          where f.author_role = 'buyer'
            and f.created_at > ${NOW.toISOString()}::timestamptz - interval '12 months'
          group by u.username`,
    );
    const enough = found.filter((r) => r.fewest >= DETAILED_RATINGS_MINIMUM);
    expect(enough.length).toBeGreaterThanOrEqual(4);
    expect(found.find((r) => r.username === "rafael")?.fewest).toBeLessThan(
      DETAILED_RATINGS_MINIMUM,
    );
  });

  it("lists enough varied items to fill every screen", () => {
    const ls = data.listings;
    expect(ls.length).toBeGreaterThanOrEqual(150);

    const byId = new Map(data.categories.map((c) => [c.id, c]));
    const topUsed = new Set(ls.map((l) => byId.get(l.categoryId)?.slug));
    expect([...topUsed].sort()).toEqual(CATEGORY_TREE.map((c) => c.slug).sort());
    for (const l of ls) {
      expect(byId.get(l.categoryId)?.parentId).toBeNull();
      expect(l.subcategoryId && byId.get(l.subcategoryId)?.parentId).toBe(l.categoryId);
      // A fixed-price listing with past sales has been on sale since before them (seed-feedback).
      if (l.kind === "auction")
        expect(l.createdAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 30 * DAY);
      expect(l.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(l.description.length).toBeGreaterThan(40);
    }
    expect(new Set(ls.map((l) => l.territoryId)).size).toBe(TERRITORIES.length);
    expect(new Set(ls.map((l) => l.title)).size).toBe(ls.length);

    const auctions = ls.filter((l) => l.kind === "auction");
    const fixed = ls.filter((l) => l.kind === "fixed_price");
    expect(auctions.length / ls.length).toBeGreaterThan(0.35);
    expect(auctions.length / ls.length).toBeLessThan(0.55);
    expect(auctions.every((l) => l.quantity === 1)).toBe(true);

    const quantities = fixed.map((l) => l.quantity);
    expect(Math.min(...quantities)).toBe(0);
    expect(Math.max(...quantities)).toBeLessThanOrEqual(20);
    expect(quantities.filter((q) => q >= 1 && q <= 5).length).toBeGreaterThanOrEqual(5);
    expect(quantities.filter((q) => q > 5).length).toBeGreaterThanOrEqual(5);

    const conditions = new Set(ls.map((l) => l.condition));
    for (const condition of CONDITION_VALUES) expect(conditions).toContain(condition);
    expect(ls.some((l) => l.shippingCents === 0)).toBe(true);
    expect(ls.some((l) => l.shippingCents > 0)).toBe(true);
    expect(ls.some((l) => l.localPickup)).toBe(true);

    const featured = ls.filter((l) => l.featured);
    expect(featured.length).toBeGreaterThanOrEqual(10);
    expect(featured.length).toBeLessThanOrEqual(14);
    expect(featured.every((l) => l.status === "active")).toBe(true);
  });

  it("gives every listing two to four pictures in order", () => {
    const byListing = groupBy(data.images, (i) => i.listingId);
    for (const l of data.listings) {
      const images = (byListing.get(l.id) ?? []).sort((a, b) => a.position - b.position);
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(images.length).toBeLessThanOrEqual(4);
      expect(images.map((i) => i.position)).toEqual(images.map((_, n) => n));
      for (const image of images) {
        // Without a storage to write to, the rows name where disk storage serves them.
        expect(image.url).toMatch(/^\/uploads\/listings\/seed\/[a-z0-9-]+-\d\.svg$/);
        // A vector picture is its own thumbnail.
        expect(image.thumbUrl).toBe(image.url);
        expect([image.width, image.height]).toEqual([800, 800]);
      }
    }
  });

  it("keeps auctions, bids and settlement consistent", () => {
    const settingsOf = new Map(data.auctions.map((a) => [a.listingId, a]));
    const bidsOf = groupBy(data.bids, (b) => b.listingId);
    const auctions = data.listings.filter((l) => l.kind === "auction");
    expect(data.auctions.length).toBe(auctions.length);

    let open = 0;
    let openWithBids = 0;
    let ended = 0;
    let reserveMet = 0;
    let reserveNotMet = 0;
    let buyItNow = 0;
    for (const listing of auctions) {
      const a = settingsOf.get(listing.id);
      if (!a) throw new Error(`auction ${listing.title} has no settings`);
      const history = bidsOf.get(listing.id) ?? [];
      const end = a.endTime.getTime();
      const isOpen = end > NOW.getTime();

      expect(a.startPriceCents).toBe(listing.priceCents);
      expect(a.startTime.getTime()).toBe(listing.createdAt.getTime());
      expect(end).toBeGreaterThan(a.startTime.getTime());
      expect(end).toBeLessThanOrEqual(NOW.getTime() + 10 * DAY);

      let previous: (typeof history)[number] | undefined;
      for (const bid of history) {
        expect(bid.bidderId).not.toBe(listing.sellerId);
        const floor = previous
          ? previous.amountCents + incrementFor(previous.amountCents, BID_INCREMENT_BANDS)
          : a.startPriceCents + 1;
        expect(bid.amountCents).toBeGreaterThanOrEqual(floor);
        expect(bid.placedAt.getTime()).toBeGreaterThan(previous?.placedAt.getTime() ?? 0);
        expect(bid.placedAt.getTime()).toBeGreaterThanOrEqual(a.startTime.getTime());
        expect(bid.placedAt.getTime()).toBeLessThanOrEqual(Math.min(NOW.getTime(), end));
        previous = bid;
      }
      const last = history[history.length - 1];
      expect(a.bidCount).toBe(history.length);
      expect(a.currentBidCents).toBe(last?.amountCents ?? null);
      expect(a.leaderId).toBe(last?.bidderId ?? null);
      expect(a.leaderMaxCents).toBe(last?.amountCents ?? null);
      if (a.buyItNowPriceCents !== null) {
        buyItNow++;
        expect(history).toHaveLength(0);
        expect(a.buyItNowPriceCents).toBeGreaterThan(a.startPriceCents);
      }
      if (a.reservePriceCents !== null) {
        expect(a.reservePriceCents).toBeGreaterThan(a.startPriceCents);
        if (last && last.amountCents >= a.reservePriceCents) reserveMet++;
        else reserveNotMet++;
      }
      const met = last !== undefined && (a.reservePriceCents ?? 0) <= last.amountCents;

      if (isOpen) {
        open++;
        if (history.length > 0) openWithBids++;
        expect(end).toBeGreaterThanOrEqual(NOW.getTime() + 5 * MINUTE);
        expect(listing.status).toBe("active");
        expect(a.settledAt).toBeNull();
        expect(history.map((b) => b.status)).toEqual(
          history.map((_, i) => (i === history.length - 1 ? "active" : "outbid")),
        );
      } else {
        ended++;
        expect(a.settledAt).not.toBeNull();
        expect(listing.status).toBe(met ? "sold" : "ended");
        expect(history.map((b) => b.status)).toEqual(
          history.map((_, i) => (met && i === history.length - 1 ? "won" : "lost")),
        );
      }
    }
    expect(open).toBeGreaterThan(40);
    expect(openWithBids / open).toBeGreaterThan(0.5);
    expect(ended).toBeGreaterThanOrEqual(10);
    expect(ended).toBeLessThanOrEqual(20);
    expect(data.listings.some((l) => l.status === "sold")).toBe(true);
    expect(data.listings.some((l) => l.status === "ended")).toBe(true);
    expect(reserveMet).toBeGreaterThan(0);
    expect(reserveNotMet).toBeGreaterThan(0);
    expect(buyItNow).toBeGreaterThan(0);
    expect(Math.max(...data.auctions.map((a) => a.bidCount))).toBeLessThanOrEqual(12);
  });

  it("does nothing when seeded again", async () => {
    expect(await seedDatabase(database.db, { now: new Date() })).toEqual({ seeded: false });
    const again = await readAll(database);
    expect(again.listings.length).toBe(data.listings.length);
    expect(again.bids.length).toBe(data.bids.length);
    expect(again.users.length).toBe(data.users.length);
    expect(again.categories.length).toBe(data.categories.length);
  });

  it("produces the same data on a second fresh database", async () => {
    const other = await target.open();
    try {
      await seedDatabase(other.database.db, { now: NOW });
      expect(await fingerprint(other.database)).toEqual(await fingerprint(database));
    } finally {
      await other.dispose();
    }
  });
});

describe("buildSeedPlan", () => {
  it("keeps titles, kinds and prices whatever the clock says", () => {
    const pick = (now: Date) => buildSeedPlan(now).map((l) => [l.title, l.kind, l.priceCents]);
    expect(pick(new Date("2030-01-01T00:00:00Z"))).toEqual(pick(NOW));
  });
});
