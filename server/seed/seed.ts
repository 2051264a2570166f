/**
 * Deterministic demo data: the same `now` always yields the same categories, users, listings,
 * prices, auctions and bids (only the row ids differ), so demos, screenshots and tests agree.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { incrementFor } from "../../core/bidding";
import { orderTotals } from "../../core/cart";
import type { ListingKind } from "../../core/listing";
import type { Db } from "../db/client";
import { auctionSettings, bids } from "../db/schema/auctions";
import { listingImages, listings } from "../db/schema/listings";
import { auctionOrders, orderLines, orders } from "../db/schema/orders";
import { users } from "../db/schema/users";
import { hashPassword } from "../modules/accounts/password";
import { diskStorage, type Storage } from "../plugins/storage";
import { seedDemoStaff } from "./seed-admin";
import { seedDemoApiTokens } from "./seed-api-tokens";
import {
  BID_INCREMENT_BANDS,
  CATEGORY_TREE,
  type ConditionProfile,
  DEMO_USERS,
  type StockProfile,
  type SubcategorySeed,
  TERRITORIES,
} from "./seed-data";
import { seedDemoDelivery } from "./seed-delivery";
import { seedDemoFeedback } from "./seed-feedback";
import { ensureSeedImages, type SeedImageJob, seedImageRef, writeSeedImages } from "./seed-images";
import { seedDemoLedger } from "./seed-ledger";
import { seedDemoMessages, writeSeedAttachments } from "./seed-messages";
import { seedDemoNotifications } from "./seed-notifications";
import { seedDemoOffers } from "./seed-offers";
import { seedDemoRates } from "./seed-rates";
import { hasReferenceData, insertReferenceData, referenceIds } from "./seed-reference";
import { seedDemoRefunds } from "./seed-refunds";
import { seedDemoReports } from "./seed-reports";
import { seedDemoReturns } from "./seed-returns";
import { seedDemoShipping } from "./seed-shipping";
import { seedDemoSoldHistory } from "./seed-sold-history";
import { seedDemoUnpaidOrder } from "./seed-unpaid";
import { seedDemoUpgrades } from "./seed-upgrades";
import { seedDemoWatching } from "./seed-watching";

export const DEMO_PASSWORD = "Tradewinds1!";
export const DEMO_USER_EMAILS: readonly string[] = DEMO_USERS.map((u) => u.email);

const PRNG_SEED = 0x7ad3_2025;
// Any constant works; it only has to differ from the migration lock in client.ts.
const SEED_LOCK_KEY = 727275;
const AUCTION_SHARE = 0.45;
const ENDED_AUCTIONS = 15;
const ENDED_SOLD = 9;
const ENDED_RESERVE_NOT_MET = 3;
const FEATURED_COUNT = 12;
const INSERT_CHUNK = 1000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const AUCTION_DAYS = [1, 3, 5, 7, 10] as const;

/** mulberry32: a tiny 32-bit PRNG, good enough for demo data and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = ReturnType<typeof makeRng>;

function makeRng(seed: number) {
  const next = mulberry32(seed);
  const rng = {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
    weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, weight] of entries) {
        r -= weight;
        if (r < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error("weighted pick from an empty list");
      return last[0];
    },
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j] as T, items[i] as T];
      }
      return items;
    },
  };
  return rng;
}

// ---------- the plan: plain data, no ids ----------

type Condition = "new" | "like-new" | "good" | "fair" | "poor";
type BidStatus = "active" | "outbid" | "won" | "lost";

export interface PlannedBid {
  bidder: number;
  amountCents: number;
  placedAt: Date;
  status: BidStatus;
}

export interface PlannedAuction {
  startPriceCents: number;
  reservePriceCents: number | null;
  buyItNowPriceCents: number | null;
  startTime: Date;
  endTime: Date;
  settledAt: Date | null;
  bids: PlannedBid[];
}

export interface PlannedListing {
  /** Stable file-name stem for the listing's pictures. */
  key: string;
  title: string;
  description: string;
  kind: ListingKind;
  categorySlug: string;
  subcategorySlug: string;
  territory: number;
  seller: number;
  condition: Condition | null;
  priceCents: number;
  quantity: number;
  shippingCents: number;
  localPickup: boolean;
  returnPolicyDays: number;
  specifications: Record<string, string>;
  status: "active" | "ended" | "sold";
  featured: boolean;
  createdAt: Date;
  updatedAt: Date;
  imageCount: number;
  auction: PlannedAuction | null;
}

const CONDITION_WEIGHTS: Record<Exclude<ConditionProfile, "none">, [Condition, number][]> = {
  any: [
    ["new", 26],
    ["like-new", 24],
    ["good", 24],
    ["fair", 15],
    ["poor", 11],
  ],
  gently: [
    ["new", 40],
    ["like-new", 30],
    ["good", 22],
    ["fair", 8],
  ],
  new: [
    ["new", 88],
    ["like-new", 12],
  ],
};

// One-offs lean towards auctions, shelf goods towards a fixed price, as on real marketplaces.
// Template prices are for a typical item; worn ones sell for less.
const CONDITION_PRICE_FACTOR: Record<Condition, number> = {
  new: 1,
  "like-new": 0.93,
  good: 0.85,
  fair: 0.72,
  poor: 0.45,
};

const AUCTION_BIAS: Record<StockProfile, number> = { unique: 0.35, few: 0.1, many: -0.2 };

function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  // File names stay short; cut at a word boundary so they still read well.
  return slug.length <= 40 ? slug : slug.slice(0, 41).replace(/-[^-]*$/, "");
}

function roundTo(cents: number, step: number): number {
  return Math.round(cents / step) * step;
}

function ceilTo(cents: number, step: number): number {
  return Math.ceil(cents / step) * step;
}

/** Shop prices end in .99 below $1,000 and are round above, as sellers price them. */
function prettyPrice(cents: number): number {
  if (cents < 10_000) return Math.max(99, roundTo(cents, 100) - 1);
  if (cents < 100_000) return roundTo(cents, 500) - 1;
  if (cents < 1_000_000) return roundTo(cents, 5_000);
  return roundTo(cents, 50_000);
}

/** Auction openings are round numbers. */
function prettyStart(cents: number): number {
  if (cents < 10_000) return Math.max(100, roundTo(cents, 100));
  if (cents < 100_000) return roundTo(cents, 500);
  if (cents < 1_000_000) return roundTo(cents, 5_000);
  return roundTo(cents, 50_000);
}

function atSecond(ms: number): Date {
  return new Date(Math.floor(ms / SECOND) * SECOND);
}

function drawShipping(
  rng: Rng,
  sub: SubcategorySeed,
): { shippingCents: number; localPickup: boolean } {
  const [min, max] = sub.shippingCents;
  const priced = () => roundTo(rng.int(min, max), min >= 5_000 ? 500 : 50);
  switch (sub.delivery) {
    case "bulky":
      // Collected by the buyer; some sellers also offer delivery across the island.
      return { localPickup: true, shippingCents: rng.chance(0.2) ? 0 : priced() };
    case "local":
      return { localPickup: rng.chance(0.75), shippingCents: rng.chance(0.35) ? 0 : priced() };
    default:
      return { localPickup: rng.chance(0.2), shippingCents: rng.chance(0.3) ? 0 : priced() };
  }
}

function drawQuantity(rng: Rng, stock: StockProfile): number {
  if (rng.chance(0.09)) return 0;
  if (stock === "unique") return 1;
  if (stock === "few") return rng.int(1, 5);
  return rng.int(2, 20);
}

/** Bid times: strictly increasing, spread over the window, at least a second apart. */
function bidTimes(rng: Rng, count: number, fromMs: number, toMs: number): Date[] {
  const span = Math.max(count * SECOND, toMs - fromMs);
  const offsets = Array.from({ length: count }, () => rng.next() * span).sort((a, b) => a - b);
  const times: number[] = [];
  for (const offset of offsets) {
    const previous = times[times.length - 1];
    const t = Math.floor((fromMs + offset) / SECOND) * SECOND;
    times.push(previous !== undefined && t <= previous ? previous + SECOND : t);
  }
  return times.map((t) => new Date(t));
}

function drawBids(
  rng: Rng,
  count: number,
  startPriceCents: number,
  seller: number,
  fromMs: number,
  toMs: number,
): Omit<PlannedBid, "status">[] {
  if (count === 0) return [];
  const others = DEMO_USERS.map((_, i) => i).filter((i) => i !== seller);
  // A handful of regulars fight over each lot, which reads like a real bid history.
  const pool = rng.shuffle(others).slice(0, rng.int(2, 4));
  const times = bidTimes(rng, count, fromMs, toMs);
  const result: Omit<PlannedBid, "status">[] = [];
  let amount = startPriceCents + incrementFor(startPriceCents, BID_INCREMENT_BANDS) * rng.int(1, 2);
  let previousBidder = -1;
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      const steps = rng.weighted([
        [1, 6],
        [2, 3],
        [4, 1],
      ] as const);
      amount += incrementFor(amount, BID_INCREMENT_BANDS) * steps;
    }
    const bidder = rng.pick(pool.filter((b) => b !== previousBidder));
    result.push({ bidder, amountCents: amount, placedAt: times[i] ?? new Date(toMs) });
    previousBidder = bidder;
  }
  return result;
}

/**
 * The drawn condition, unless the description says otherwise: "for parts or not working" only
 * for an item sold as such (one described as working, with new tyres, is not), and anything
 * still sealed is new. The draw stays as it was, so the rest of the demo draws the same.
 */
function conditionAgreeing(drawn: Condition, description: string): Condition {
  if (/\bsealed\b/i.test(description)) return "new";
  if (
    drawn === "poor" &&
    !/for parts|not working|does not work|spares or repair/i.test(description)
  )
    return "good";
  return drawn;
}

/** Builds the whole demo catalogue as plain data; pure given `now`. */
export function buildSeedPlan(now: Date): PlannedListing[] {
  const rng = makeRng(PRNG_SEED);
  const nowMs = now.getTime();
  const sellers = DEMO_USERS.flatMap((u, i) => (u.role === "seller" ? [i] : []));

  const entries = CATEGORY_TREE.flatMap((category) =>
    category.subcategories.flatMap((sub) =>
      sub.templates.map((template) => ({ category, sub, template })),
    ),
  );
  const n = entries.length;

  // Draws that do not depend on the listing's kind.
  const base = entries.map(({ category, sub, template }, i) => {
    const [min, max] = template.priceCents;
    const drawn =
      sub.conditions === "none" ? null : rng.weighted(CONDITION_WEIGHTS[sub.conditions]);
    const condition = drawn && conditionAgreeing(drawn, template.description);
    // Priced by the drawn condition, so that every later draw (bids, winners, the demo's unpaid
    // orders) stays as it was; a corrected condition moves its price by a factor at most.
    const rawPrice = rng.int(min, max) * (drawn ? CONDITION_PRICE_FACTOR[drawn] : 1);
    const shipping = drawShipping(rng, sub);
    const noReturns = sub.delivery !== "ship" || sub.conditions === "none";
    const returnPolicyDays = noReturns
      ? rng.weighted([
          [0, 3],
          [7, 1],
          [14, 1],
        ] as const)
      : rng.weighted([
          [30, 5],
          [14, 3],
          [7, 2],
          [0, 1],
        ] as const);
    return {
      key: `${String(i + 1).padStart(3, "0")}-${slugify(template.title)}`,
      category,
      sub,
      template,
      rawPrice,
      condition,
      ...shipping,
      returnPolicyDays,
      seller: rng.pick(sellers),
      imageCount: rng.int(2, 4),
      auctionScore: rng.next() + AUCTION_BIAS[sub.stock],
    };
  });

  const auctionCount = Math.round(n * AUCTION_SHARE);
  const byScore = base
    .map((_, i) => i)
    .sort((a, b) => (base[b]?.auctionScore ?? 0) - (base[a]?.auctionScore ?? 0));
  const isAuction = new Set(byScore.slice(0, auctionCount));

  // Every territory gets at least one listing; the rest lean to the larger markets.
  const territoryWeights = TERRITORIES.map((_, i) => [i, i < 6 ? 4 : 1] as const);
  const territoryOf = rng.shuffle([
    ...TERRITORIES.map((_, i) => i),
    ...Array.from({ length: Math.max(0, n - TERRITORIES.length) }, () =>
      rng.weighted(territoryWeights),
    ),
  ]);

  const auctionIndexes = rng.shuffle([...isAuction].sort((a, b) => a - b));
  const endedIndexes = auctionIndexes.slice(0, ENDED_AUCTIONS);
  const openIndexes = auctionIndexes.slice(ENDED_AUCTIONS);
  const endedRole = new Map<number, "sold" | "reserve-not-met" | "no-bids">();
  endedIndexes.forEach((index, position) => {
    endedRole.set(
      index,
      position < ENDED_SOLD
        ? "sold"
        : position < ENDED_SOLD + ENDED_RESERVE_NOT_MET
          ? "reserve-not-met"
          : "no-bids",
    );
  });
  // A few auctions close within hours, so "Ending Soon" always has something urgent.
  const imminent = [12 * MINUTE, 40 * MINUTE, 150 * MINUTE, 6 * HOUR];
  const openRemaining = new Map<number, number>();
  openIndexes.forEach((index, position) => {
    const soon = imminent[position];
    const remaining =
      soon !== undefined
        ? soon + rng.int(0, 5) * MINUTE
        : 10 * MINUTE + (9 * DAY + 20 * HOUR - 10 * MINUTE) * rng.next() ** 1.5;
    openRemaining.set(index, remaining);
  });

  const plan: PlannedListing[] = base.map((b, i) => {
    const common = {
      key: b.key,
      title: b.template.title,
      description: b.template.description,
      categorySlug: b.category.slug,
      subcategorySlug: b.sub.slug,
      territory: territoryOf[i] ?? 0,
      seller: b.seller,
      condition: b.condition,
      shippingCents: b.shippingCents,
      localPickup: b.localPickup,
      returnPolicyDays: b.returnPolicyDays,
      specifications: { ...b.template.specs },
      featured: false,
      imageCount: b.imageCount,
    };

    if (!isAuction.has(i)) {
      const createdAt = atSecond(nowMs - HOUR - rng.next() * (30 * DAY - 2 * HOUR));
      const quantity = drawQuantity(rng, b.sub.stock);
      return {
        ...common,
        kind: "fixed_price" as const,
        priceCents: prettyPrice(b.rawPrice),
        quantity,
        // As a real sell-out leaves it (listing-stock.ts): the last unit sold takes it off sale.
        status: quantity === 0 ? ("sold" as const) : ("active" as const),
        createdAt,
        updatedAt: createdAt,
        auction: null,
      };
    }

    // Cheap lots sometimes open at a dollar, which exercises the lowest increment bands.
    const startPriceCents =
      b.rawPrice < 5_000 && rng.chance(0.25)
        ? rng.pick([99, 100])
        : prettyStart(b.rawPrice * (0.55 + rng.next() * 0.3));
    const role = endedRole.get(i);
    let endMs: number;
    let days: number;
    if (role) {
      endMs = nowMs - HOUR - rng.next() * 13 * DAY;
      days = rng.pick(AUCTION_DAYS);
    } else {
      const remaining = openRemaining.get(i) ?? DAY;
      endMs = nowMs + remaining;
      // The run must have started already, so it is longer than the time left.
      const eligible = AUCTION_DAYS.filter((d) => d * DAY > remaining + 30 * MINUTE);
      days = rng.weighted(eligible.map((d) => [d, d === 7 ? 4 : 1] as const));
    }
    const endTime = atSecond(endMs);
    const startTime = atSecond(endMs - days * DAY);
    const biddingEndsMs = Math.min(nowMs, endTime.getTime()) - MINUTE;
    const biddingStartsMs = startTime.getTime() + 5 * MINUTE;

    let bidCount: number;
    if (role === "no-bids") bidCount = 0;
    else if (role) bidCount = rng.int(2, 12);
    else bidCount = rng.chance(0.25) ? 0 : rng.int(1, 12);
    const drawn = drawBids(
      rng,
      bidCount,
      startPriceCents,
      b.seller,
      biddingStartsMs,
      biddingEndsMs,
    );
    const last = drawn[drawn.length - 1];

    let reservePriceCents: number | null = null;
    let buyItNowPriceCents: number | null = null;
    if (role === "reserve-not-met" && last) {
      reservePriceCents = ceilTo(last.amountCents * (1.15 + rng.next() * 0.35), 500);
    } else if (role === "sold" && last && rng.chance(0.4)) {
      reservePriceCents = metReserve(rng, startPriceCents, last.amountCents);
    } else if (!role && last && rng.chance(0.3)) {
      reservePriceCents = rng.chance(0.5)
        ? metReserve(rng, startPriceCents, last.amountCents)
        : ceilTo(last.amountCents * (1.15 + rng.next() * 0.35), 500);
    } else if (!role && !last) {
      // Buy It Now stays on an auction only until its first bid, so only bidless ones show it.
      if (rng.chance(0.5)) {
        buyItNowPriceCents = Math.max(
          startPriceCents + 100,
          prettyPrice(startPriceCents * (1.6 + rng.next() * 0.6)),
        );
      } else if (rng.chance(0.3)) {
        reservePriceCents = ceilTo(startPriceCents * (1.3 + rng.next() * 0.5), 500);
      }
    }

    const sold = role === "sold";
    const statusOf = (index: number): BidStatus => {
      const isLast = index === drawn.length - 1;
      if (!role) return isLast ? "active" : "outbid";
      return sold && isLast ? "won" : "lost";
    };
    const settledAt = role ? atSecond(endTime.getTime() + MINUTE) : null;

    return {
      ...common,
      kind: "auction" as const,
      priceCents: startPriceCents,
      quantity: 1,
      status: role ? (sold ? ("sold" as const) : ("ended" as const)) : ("active" as const),
      createdAt: startTime,
      updatedAt: settledAt ?? startTime,
      auction: {
        startPriceCents,
        reservePriceCents,
        buyItNowPriceCents,
        startTime,
        endTime,
        settledAt,
        bids: drawn.map((bid, index) => ({ ...bid, status: statusOf(index) })),
      },
    };
  });

  // Featured picks must be buyable right now: open auctions or fixed-price items in stock.
  const buyable = plan
    .map((listing, i) => ({ listing, i }))
    .filter(
      ({ listing }) =>
        listing.status === "active" && (listing.kind === "auction" || listing.quantity > 0),
    );
  const featuredAuctions = rng.shuffle(buyable.filter(({ listing }) => listing.kind === "auction"));
  const featuredFixed = rng.shuffle(
    buyable.filter(({ listing }) => listing.kind === "fixed_price"),
  );
  const half = FEATURED_COUNT / 2;
  for (const { i } of [...featuredAuctions.slice(0, half), ...featuredFixed.slice(0, half)]) {
    const listing = plan[i];
    if (listing) listing.featured = true;
  }
  return plan;
}

/** A reserve above the start that the highest bid already clears. */
function metReserve(rng: Rng, startCents: number, highestCents: number): number {
  const candidate = startCents + Math.ceil((highestCents - startCents) * (0.3 + rng.next() * 0.6));
  const rounded = Math.min(highestCents, ceilTo(candidate, 100));
  return rounded > startCents ? rounded : highestCents;
}

// ---------- writing ----------

function chunks<T>(rows: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function hasUsers(db: Db): Promise<boolean> {
  const found = await db.select({ id: users.id }).from(users).limit(1);
  return found.length > 0;
}

/** Whether the demo data is in this database (its first account), whatever the setting now. */
async function hasDemoUsers(db: Db): Promise<boolean> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_USERS[0]?.email ?? ""))
    .limit(1);
  return found.length > 0;
}

async function insertAll(
  tx: Db,
  plan: PlannedListing[],
  passwordHashes: string[],
  now: Date,
  /** Public URLs of the pictures by storage key, as storage answered them (default /uploads/...). */
  imageUrls: ReadonlyMap<string, string>,
): Promise<void> {
  // The reference rows are in already (seed-reference.ts); the demo's rows point at them by slug.
  const { categoryIds, territoryIds: territoryBySlug } = await referenceIds(tx);
  const territoryIds = TERRITORIES.map((t) => {
    const id = territoryBySlug.get(t.slug);
    if (!id) throw new Error(`the demo data needs the territory ${t.slug}`);
    return id;
  });
  const categoryId = (slug: string) => {
    const id = categoryIds.get(slug);
    if (!id) throw new Error(`the demo data needs the category ${slug}`);
    return id;
  };

  const userIds = DEMO_USERS.map(() => randomUUID());
  await tx.insert(users).values(
    DEMO_USERS.map((u, i) => ({
      id: userIds[i] as string,
      email: u.email,
      username: u.email.split("@")[0] ?? u.email,
      fullName: u.fullName,
      role: u.role,
      passwordHash: passwordHashes[i] ?? null,
      emailConfirmedAt: now,
      createdAt: atSecond(now.getTime() - u.joinedDaysAgo * DAY),
      // Demo buyers have said where they live, as checkout needs (issue 29, decision 0021).
      deliverTo: u.deliverTo ?? null,
    })),
  );

  const userId = (index: number) => {
    const id = userIds[index];
    if (!id) throw new Error(`seed plan refers to unknown user ${index}`);
    return id;
  };
  const listingIds = plan.map(() => randomUUID());
  const listingRows = plan.map((l, i) => ({
    id: listingIds[i] as string,
    sellerId: userId(l.seller),
    title: l.title,
    description: l.description,
    kind: l.kind,
    categoryId: categoryId(l.categorySlug),
    subcategoryId: categoryId(l.subcategorySlug),
    territoryId: territoryIds[l.territory] as string,
    condition: l.condition,
    priceCents: l.priceCents,
    quantity: l.quantity,
    shippingCents: l.shippingCents,
    localPickup: l.localPickup,
    returnPolicyDays: l.returnPolicyDays,
    specifications: l.specifications,
    status: l.status,
    featured: l.featured,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    // Sold at its settlement (an auction) or its last sale (a sell-out), not at seeding.
    soldAt: l.status === "sold" ? (l.auction?.settledAt ?? l.updatedAt) : null,
  }));
  for (const chunk of chunks(listingRows)) await tx.insert(listings).values(chunk);

  const imageRows = plan.flatMap((l, i) =>
    Array.from({ length: l.imageCount }, (_, position) => {
      const ref = seedImageRef(l.key, position + 1, imageUrls);
      return {
        listingId: listingIds[i] as string,
        position,
        url: ref.url,
        thumbUrl: ref.thumbUrl,
        width: ref.width,
        height: ref.height,
      };
    }),
  );
  for (const chunk of chunks(imageRows)) await tx.insert(listingImages).values(chunk);

  const auctionRows = plan.flatMap((l, i) => {
    const a = l.auction;
    if (!a) return [];
    const last = a.bids[a.bids.length - 1];
    return [
      {
        listingId: listingIds[i] as string,
        startPriceCents: a.startPriceCents,
        reservePriceCents: a.reservePriceCents,
        buyItNowPriceCents: a.buyItNowPriceCents,
        startTime: a.startTime,
        endTime: a.endTime,
        currentBidCents: last?.amountCents ?? null,
        bidCount: a.bids.length,
        leaderId: last ? userId(last.bidder) : null,
        leaderMaxCents: last?.amountCents ?? null,
        settledAt: a.settledAt,
      },
    ];
  });
  for (const chunk of chunks(auctionRows)) await tx.insert(auctionSettings).values(chunk);

  const bidRows = plan.flatMap((l, i) =>
    (l.auction?.bids ?? []).map((b) => ({
      listingId: listingIds[i] as string,
      bidderId: userId(b.bidder),
      amountCents: b.amountCents,
      maxAmountCents: b.amountCents,
      status: b.status,
      placedAt: b.placedAt,
    })),
  );
  for (const chunk of chunks(bidRows)) await tx.insert(bids).values(chunk);

  await insertOrders(tx, plan, listingIds, userId, now, imageUrls);
}

/**
 * Orders behind the demo: every sold auction has its winner's order (most paid, three still awaiting
 * payment so "Pay now" can be tried), and demo buyers have bought a few fixed-price items.
 */
async function insertOrders(
  tx: Db,
  plan: PlannedListing[],
  listingIds: string[],
  userId: (index: number) => string,
  now: Date,
  imageUrls: ReadonlyMap<string, string>,
) {
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const auctionOrderRows: (typeof auctionOrders.$inferInsert)[] = [];
  const addOrder = (
    index: number,
    buyer: number,
    quantity: number,
    unitPriceCents: number,
    source: "auction" | "checkout",
    createdAt: Date,
    paid: boolean,
  ) => {
    const l = plan[index] as PlannedListing;
    const id = randomUUID();
    const totals = orderTotals([{ unitPriceCents, shippingCents: l.shippingCents, quantity }]);
    orderRows.push({
      id,
      buyerId: userId(buyer),
      status: paid ? "paid" : "pending",
      source,
      ...totals,
      // Charged the island's shipping (the item's own territory's): that is where it goes.
      deliverTo: TERRITORIES[l.territory]?.slug ?? null,
      createdAt,
      paidAt: paid ? new Date(createdAt.getTime() + HOUR) : null,
    });
    lineRows.push({
      orderId: id,
      listingId: listingIds[index] as string,
      sellerId: userId(l.seller),
      title: l.title,
      imageUrl: l.imageCount > 0 ? seedImageRef(l.key, 1, imageUrls).thumbUrl : null,
      unitPriceCents,
      shippingCents: l.shippingCents,
      quantity,
    });
    return id;
  };

  // Three wins await payment, buyers' first, so a demo buyer can try "Pay now".
  const winners = plan.flatMap((l, index) => {
    const last = l.auction?.bids[l.auction.bids.length - 1];
    return l.status === "sold" && l.auction && last ? [{ index, bidder: last.bidder }] : [];
  });
  const isBuyer = (bidder: number) => DEMO_USERS[bidder]?.role === "user";
  const unpaid = new Set(
    [...winners.filter((w) => isBuyer(w.bidder)), ...winners.filter((w) => !isBuyer(w.bidder))]
      .slice(0, 3)
      .map((w) => w.index),
  );
  plan.forEach((l, index) => {
    const last = l.auction?.bids[l.auction.bids.length - 1];
    if (l.status !== "sold" || !l.auction || !last) return;
    const paid = !unpaid.has(index);
    const orderId = addOrder(
      index,
      last.bidder,
      1,
      last.amountCents,
      "auction",
      l.auction.endTime,
      paid,
    );
    auctionOrderRows.push({ listingId: listingIds[index] as string, orderId });
  });

  const buyers = DEMO_USERS.flatMap((u, i) => (u.role === "user" ? [i] : []));
  let purchase = 0;
  plan.forEach((l, index) => {
    if (purchase >= 10 || l.kind !== "fixed_price" || l.status !== "active" || l.quantity === 0)
      return;
    if (index % 7 !== 0) return;
    const buyer = buyers[purchase % buyers.length] as number;
    if (buyer === l.seller) return;
    const when = new Date(
      Math.min(now.getTime() - HOUR * 2, l.createdAt.getTime() + (purchase + 1) * DAY),
    );
    addOrder(index, buyer, 1 + (purchase % 2), l.priceCents, "checkout", when, true);
    purchase++;
  });

  for (const chunk of chunks(orderRows)) await tx.insert(orders).values(chunk);
  for (const chunk of chunks(lineRows)) await tx.insert(orderLines).values(chunk);
  if (auctionOrderRows.length > 0) await tx.insert(auctionOrders).values(auctionOrderRows);
}

/** The picture jobs for a plan, for writing its files outside the transaction. */
export function seedImageJobs(plan: PlannedListing[]): SeedImageJob[] {
  return plan.map((l) => ({
    key: l.key,
    title: l.title,
    count: l.imageCount,
  }));
}

/**
 * Seeds an empty database: the reference data every installation needs (seed-reference.ts), and
 * with `demo` (the default) the demo data on top, in one transaction. The demo goes only into a
 * database without users, so it never mixes with a real marketplace's accounts; a no-op once both
 * are in (or the reference data is, and the demo is not wanted). With `storage` (or only
 * `uploadsDir`, a folder) it writes the listings' pictures there, and with `storage` it also puts
 * the demo messages' image attachments into private storage. `seeded` says the demo was written.
 */
export async function seedDatabase(
  db: Db,
  options: {
    uploadsDir?: string;
    storage?: Storage;
    now?: Date;
    log?: (msg: string) => void;
    /** Write the demo data (accounts with a published password); false in production by default. */
    demo?: boolean;
  } = {},
): Promise<{ seeded: boolean }> {
  const log = options.log ?? (() => undefined);
  const demo = options.demo ?? true;
  // Seed pictures go where uploaded photos go, so every instance serves them from the same place.
  const pictures =
    options.storage ?? (options.uploadsDir ? diskStorage(options.uploadsDir) : undefined);
  // Cheap checks first, so a seeded database costs two queries and no password hashing.
  const hasReference = await hasReferenceData(db);
  const demoWanted = demo && !(await hasUsers(db));
  if (hasReference && !demoWanted) {
    // The pictures went to storage with the seed, so there is nothing to draw: one read checks
    // they are there, and only a wiped uploads folder under a kept database gets them again.
    if (pictures && (await hasDemoUsers(db))) {
      const jobs = seedImageJobs(buildSeedPlan(new Date()));
      const rewritten = await ensureSeedImages(pictures, jobs);
      if (rewritten > 0) log(`Seed pictures were missing from storage: ${rewritten} written`);
      if (options.storage) await writeSeedAttachments(db, options.storage, jobs);
    }
    return { seeded: false };
  }

  const now = options.now ?? new Date();
  const started = Date.now();
  const plan = demoWanted ? buildSeedPlan(now) : [];
  // One scrypt hash for every demo account: they share a published password, so a salt each would
  // protect nothing, and twelve hashes cost about 0.4 s of CPU on the first start.
  const demoPasswordHash = demoWanted ? await hashPassword(DEMO_PASSWORD) : "";
  const passwordHashes = DEMO_USERS.map(() => demoPasswordHash);

  let picturesLog = "";
  const seeded = await db.transaction(async (tx) => {
    // Several instances may start on one fresh database; the lock makes exactly one seed it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await hasReferenceData(tx))) {
      await insertReferenceData(tx);
      log(
        `Reference data: ${CATEGORY_TREE.length} categories, ${TERRITORIES.length} territories, ${BID_INCREMENT_BANDS.length} bid increment bands`,
      );
    }
    if (!demoWanted || (await hasUsers(tx))) return false;
    // Pictures first, while the transaction is open: a database that says it is seeded then
    // always has its pictures, and a later start never has to draw them (server/seed/seed-images.ts).
    let imageUrls = new Map<string, string>();
    if (pictures) {
      const picturesStarted = Date.now();
      const written = await writeSeedImages(pictures, seedImageJobs(plan));
      imageUrls = written.urls;
      picturesLog = `Seed pictures: ${written.written} written in ${Date.now() - picturesStarted} ms`;
    }
    await insertAll(tx, plan, passwordHashes, now, imageUrls);
    // Handling times and shipping tables that differ by listing (server/seed/seed-delivery.ts).
    await seedDemoDelivery(tx);
    // Last, on the rows above: demo notifications for the bell (server/seed/seed-notifications.ts)
    // conversations for /messages (server/seed/seed-messages.ts), and watchlists, saved searches,
    // followed sellers and their alerts (server/seed/seed-watching.ts).
    await seedDemoNotifications(tx, now);
    await seedDemoMessages(tx, now);
    await seedDemoWatching(tx, now);
    // Past sales with the buyers' feedback behind every seller's rating (server/seed/seed-feedback.ts).
    await seedDemoFeedback(tx, now);
    // The demo sales past their handling time shipped with tracking (server/seed/seed-shipping.ts).
    await seedDemoShipping(tx, now);
    // One order cancelled before shipping and refunded (server/seed/seed-refunds.ts).
    await seedDemoRefunds(tx, now);
    // An open return, a refunded one, a missing parcel and a case for staff (server/seed/seed-returns.ts).
    await seedDemoReturns(tx, now);
    // One checkout left unpaid, for Pay now and Cancel in Purchase History (server/seed/seed-unpaid.ts).
    await seedDemoUnpaidOrder(tx, now);
    // Listings that take offers, and offers waiting, countered and agreed (server/seed/seed-offers.ts).
    await seedDemoOffers(tx, now);
    // The admin and the moderator of the admin area (server/seed/seed-admin.ts).
    await seedDemoStaff(tx, now, passwordHashes[0] ?? (await hashPassword(DEMO_PASSWORD)));
    // Floating exchange rates with their as-of dates, one of them stale (server/seed/seed-rates.ts).
    await seedDemoRates(tx, now);
    // Open reports for the moderation queue and the listing rules (server/seed/seed-reports.ts).
    await seedDemoReports(tx, now);
    // A top seller's API tokens, one in use and one revoked (server/seed/seed-api-tokens.ts).
    await seedDemoApiTokens(tx, now);
    // Listings that paid for upgrades, their fees in the ledger (server/seed/seed-upgrades.ts).
    await seedDemoUpgrades(tx, now);
    // Last: the money of every paid order above, released, refunded and paid out through the
    // ledger's own rules at the rows' dates (server/seed/seed-ledger.ts).
    await seedDemoLedger(tx, now);
    // After everything that picks listings: past sales for the Recently sold strips
    // (server/seed/seed-sold-history.ts), which no other demo row refers to.
    await seedDemoSoldHistory(tx, now);
    return true;
  });
  if (!seeded) return { seeded: false };

  const auctions = plan.filter((l) => l.kind === "auction").length;
  const bidTotal = plan.reduce((sum, l) => sum + (l.auction?.bids.length ?? 0), 0);
  log(
    `Seeded ${plan.length} listings (${auctions} auctions, ${bidTotal} bids) and ${DEMO_USERS.length} demo users in ${Date.now() - started} ms`,
  );

  if (picturesLog) log(picturesLog);
  if (options.storage) await writeSeedAttachments(db, options.storage, seedImageJobs(plan));
  return { seeded: true };
}
