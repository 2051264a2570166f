import { z } from "zod";
import { MAX_SEARCH_LENGTH } from "../limits";
import {
  CONDITION_FILTERS,
  CONDITION_VALUES,
  defaultSort,
  EXACT_TOTAL_LIMIT,
  LISTING_KINDS,
  LISTING_QUERY_STATUSES,
  LISTING_SORTS,
  type ListingSort,
  MAX_CARD_IDS,
  normalizeKind,
  RECENTLY_VIEWED_SIZE,
  SIMILAR_LISTINGS_SIZE,
} from "../listing";
import { LISTING_MODERATION } from "./admin";
import { pageOf, paginationQuery } from "./common";
import { listingDeliverySchema } from "./delivery";

// Constants the browsing pages read live in ../listing (no zod there); re-exported for the server.
export {
  EXACT_TOTAL_LIMIT,
  LISTING_QUERY_STATUSES,
  LISTING_SORTS,
  type ListingSort,
  MAX_CARD_IDS,
  RECENTLY_VIEWED_SIZE,
  SIMILAR_LISTINGS_SIZE,
};

// ---------- categories and territories ----------

export interface CategoryNode {
  id: string;
  slug: string;
  name: string;
  description: string;
  parentId: string | null;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    parentId: z.string().nullable(),
    children: z.array(categoryNodeSchema),
  }),
);
export const categoryTreeSchema = z.object({ items: z.array(categoryNodeSchema) });
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

const categoryRefSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  parentId: z.string().nullable(),
});

export const categoryDetailSchema = categoryRefSchema.extend({
  parent: categoryRefSchema.nullable(),
  /** Subcategories of this category, or of its parent when it is itself a subcategory. */
  children: z.array(categoryRefSchema.extend({ listingCount: z.number().int() })),
  listingCount: z.number().int(),
});
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

export const territorySchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type Territory = z.infer<typeof territorySchema>;
export const territoryListSchema = z.object({ items: z.array(territorySchema) });

// ---------- listings ----------

const kindQuery = z
  .string()
  .transform((value, ctx) => {
    const kind = normalizeKind(value);
    if (!kind) {
      ctx.addIssue({
        code: "custom",
        message: "kind must be auction or fixed_price (or buy_it_now, buyitnow, fixed)",
      });
      return z.NEVER;
    }
    return kind;
  })
  .optional();

const centsQuery = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number of cents` })
    .int(`${name} must be a whole number of cents`)
    .min(0, `${name} must not be negative`)
    .max(1_000_000_000, `${name} is too large`)
    .optional();

const booleanQuery = (name: string) =>
  z
    .enum(["true", "false", "1", "0"], { message: `${name} must be true or false` })
    .transform((v) => v === "true" || v === "1")
    .optional();

/** One or many values of a repeatable query parameter. */
const repeatable = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).optional(),
  );

const slugQuery = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(100, `${name} is too long`).optional();

/**
 * GET /api/listings' query, and what a saved search stores. Strict: a parameter it does not know
 * is a 400 naming it (a misspelt `?q=guitar` must not quietly return every listing).
 */
const searchText = (name: string) =>
  z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `${name} must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional();

export const listingQuerySchema = z
  .strictObject(
    {
      category: slugQuery("category"),
      territory: slugQuery("territory"),
      kind: kindQuery,
      search: searchText("search"),
      /** Another name for `search` (the usual one in URLs); `search` wins when both are given. */
      q: searchText("q"),
      minPriceCents: centsQuery("minPriceCents"),
      maxPriceCents: centsQuery("maxPriceCents"),
      condition: repeatable(
        z.enum([...CONDITION_VALUES, ...CONDITION_FILTERS], {
          message: `condition must be one of ${[...CONDITION_VALUES, ...CONDITION_FILTERS].join(", ")}`,
        }),
      ),
      freeShipping: booleanQuery("freeShipping"),
      localPickup: booleanQuery("localPickup"),
      acceptsOffers: booleanQuery("acceptsOffers"),
      /**
       * Ships to my territory (issue 29): listings whose seller ships to this territory slug, or
       * "world" for the rest of the world; the page sends the buyer's Deliver to.
       */
      shipsTo: slugQuery("shipsTo"),
      /** With `shipsTo`: estimated to arrive there by this date (YYYY-MM-DD, Atlantic time). */
      deliveryBy: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "deliveryBy must be a date, YYYY-MM-DD")
        .refine((d) => !Number.isNaN(Date.parse(d)), "deliveryBy must be a date, YYYY-MM-DD")
        .optional(),
      featured: booleanQuery("featured"),
      /** A seller's username (or id). */
      seller: slugQuery("seller"),
      /** With `search`: false matches titles only; descriptions are searched too by default. */
      includeDescription: booleanQuery("includeDescription"),
      /** `completed` is every listing that is over: ended unsold, or sold. */
      status: z
        .enum(LISTING_QUERY_STATUSES, {
          message: `status must be one of ${LISTING_QUERY_STATUSES.join(", ")}`,
        })
        .default("active"),
      /** Unset: best_match when there is search text, newest otherwise (defaultSort). */
      sort: z
        .enum(LISTING_SORTS, { message: `sort must be one of ${LISTING_SORTS.join(", ")}` })
        .optional(),
      ...paginationQuery,
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown parameter ${issue.keys.map((k) => `"${k}"`).join(", ")}`
          : undefined,
    },
  )
  .refine(
    (q) =>
      q.minPriceCents === undefined ||
      q.maxPriceCents === undefined ||
      q.minPriceCents <= q.maxPriceCents,
    {
      message: "minPriceCents must not be above maxPriceCents",
      path: ["minPriceCents"],
    },
  )
  .refine((q) => q.deliveryBy === undefined || q.shipsTo !== undefined, {
    message: "deliveryBy needs shipsTo: where it is delivered",
    path: ["deliveryBy"],
  })
  // `q` is read as `search` (issue 23): the services see one name.
  .transform(({ q, ...query }) => {
    const search = q && !query.search ? q : query.search;
    return { ...query, search, sort: query.sort ?? defaultSort(search) };
  });
export type ListingQuery = z.infer<typeof listingQuerySchema>;
/** What a page may put in the URL: every field optional, before defaults. */
export type ListingQueryInput = z.input<typeof listingQuerySchema>;

export const sellerSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  /** Average feedback with one decimal, null while the seller has none ("New"). */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

export const listingImageSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ListingImage = z.infer<typeof listingImageSchema>;

export const auctionStateSchema = z.object({
  startPriceCents: z.number().int(),
  currentBidCents: z.number().int().nullable(),
  bidCount: z.number().int(),
  minNextBidCents: z.number().int(),
  /** The effective end: soft close moves it. */
  endsAt: z.string(),
  ended: z.boolean(),
  /** True when the auction has a reserve and the current bid has reached it. */
  reserveMet: z.boolean(),
  hasReserve: z.boolean(),
  /** Offered only until the first bid. */
  buyItNowPriceCents: z.number().int().nullable(),
  /** Who leads now; the page says "You're the highest bidder" when it is the viewer. */
  leaderId: z.string().nullable(),
});
export type AuctionState = z.infer<typeof auctionStateSchema>;

const namedRef = z.object({ slug: z.string(), name: z.string() });

export const listingCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(LISTING_KINDS),
  category: namedRef,
  subcategory: namedRef.nullable(),
  territory: z.object({ id: z.string(), name: z.string() }),
  condition: z.string().nullable(),
  image: listingImageSchema.nullable(),
  /** Stored price: the Buy It Now price, or an auction's start price. */
  priceCents: z.number().int(),
  /** What a card shows and price sorts use: current bid ?? start price for auctions. */
  displayPriceCents: z.number().int(),
  /** Units that can be bought now: stock less what other buyers' open checkouts hold. */
  quantity: z.number().int(),
  shippingCents: z.number().int(),
  localPickup: z.boolean(),
  status: z.enum(["active", "ended", "sold"]),
  createdAt: z.string(),
  seller: sellerSummarySchema,
  auction: auctionStateSchema.nullable(),
  /** Best Offer: the card and page say "or Best Offer". */
  acceptsOffers: z.boolean(),
  /**
   * A sold listing's sale ("Sold for $X on ..."): the winning bid, the Buy It Now price an auction
   * was bought outright at, or a fixed price; and when it became sold. Null (or absent) otherwise.
   */
  soldPriceCents: z.number().int().nullable().optional(),
  soldAt: z.string().nullable().optional(),
  /**
   * Paid upgrades it shows (core/fees.ts): marked "Featured" where results pin it, the title in
   * bold, a subtitle as the card's second line, a larger picture (Gallery Plus). Absent: none.
   */
  featured: z.boolean().optional(),
  boldTitle: z.boolean().optional(),
  subtitle: z.string().nullable().optional(),
  galleryPlus: z.boolean().optional(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

// In core/listing.ts (no zod), for the listing page's code; re-exported for the server's imports.
export { RECENTLY_SOLD_DAYS, RECENTLY_SOLD_SIZE } from "../listing";

/**
 * Sold-price research for a listing page (GET /api/listings/{id}/recently-sold): public sold
 * listings of its subcategory (or category) sharing a word of its title, sold in the last
 * RECENTLY_SOLD_DAYS days, newest sale first, and the median of their sale prices.
 */
export const recentlySoldSchema = z.object({
  items: z.array(listingCardSchema),
  /** The median of the items' sale prices (the mean of the middle two for an even count). */
  medianPriceCents: z.number().int().nullable(),
});
export type RecentlySold = z.infer<typeof recentlySoldSchema>;

export const listingPageSchema = pageOf(listingCardSchema).extend({
  /** Present (true) when more than EXACT_TOTAL_LIMIT listings match: `total` is then that limit. */
  totalIsLowerBound: z.literal(true).optional(),
  /**
   * "Did you mean": present only when a search with words found nothing and the same search with
   * its unknown words replaced by the nearest words of listing titles finds something (issue 30).
   */
  suggestion: z.string().optional(),
  /**
   * The first page only, of listings on sale, not of one seller's (a store), of `featured=true`
   * nor sorted by ending_soon or most_bids: up to FEATURED_PINNED_MAX (core/fees.ts) featured listings that match,
   * newest first, shown above the results and marked "Featured" (absent when none match). They are left out of this page's
   * `items` (so never shown twice on it); `total` and the other pages are unchanged, so a pinned
   * listing may also appear in its own place on a later page.
   */
  pinned: z.array(listingCardSchema).optional(),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

const countsBy = z.record(z.string(), z.number().int());

/**
 * How many listings each choice of the filter panel would find (GET /api/listings/facets). Each
 * group follows every active filter except its own, so its other choices show what picking them
 * gives: `kinds` ignores `kind`, `categories` ignores `category`, and so on.
 */
export const listingFacetsSchema = z.object({
  /** By category slug; a listing counts under its category and under its subcategory. */
  categories: countsBy,
  kinds: z.object({ auction: z.number().int(), fixed_price: z.number().int() }),
  /** By condition value, and the panel's groups `used` (all but new) and `not_specified`. */
  conditions: countsBy,
  delivery: z.object({ freeShipping: z.number().int(), localPickup: z.number().int() }),
  /** By territory slug. */
  territories: countsBy,
});
export type ListingFacets = z.infer<typeof listingFacetsSchema>;

export const listingDetailSchema = listingCardSchema.omit({ image: true }).extend({
  images: z.array(listingImageSchema),
  /** Handling time and shipping table (issue 29): the page judges them for the buyer's territory. */
  delivery: listingDeliverySchema,
  /** The signed-in viewer's standing on an auction; null for visitors and fixed-price listings. */
  viewer: z
    .object({ hasBid: z.boolean(), isLeader: z.boolean(), isSeller: z.boolean() })
    .nullable(),
  specifications: z.record(z.string(), z.string()),
  returnPolicyDays: z.number().int(),
  /** How many people have it on their watchlist. */
  watcherCount: z.number().int(),
  /**
   * Units other buyers' open checkouts hold right now (`quantity` is already net of them): with
   * `quantity` 0 the page says someone is checking out the last one rather than "out of stock".
   */
  reservedQuantity: z.number().int(),
  /**
   * Only to the seller and staff (the public never gets a listing that is not visible): whether
   * it is held for review, removed or hidden, and why, for the page's banner.
   */
  moderation: z.enum(LISTING_MODERATION).optional(),
  moderationReason: z.string().nullable().optional(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

/**
 * One bid as a history shows it. The bidder is named as eBay does: masked ("k***a",
 * core/bidder-name.ts) with their feedback count, except to the listing's seller (every name) and
 * to the bidder (their own bids). No bidder id: one would link a masked name across auctions.
 */
export const bidHistoryItemSchema = z.object({
  amountCents: z.number().int(),
  placedAt: z.string(),
  bidder: z.object({
    /** The username to the seller and to the bidder themselves, else masked. */
    name: z.string(),
    /** How many feedback ratings the bidder has received. */
    ratingCount: z.number().int(),
    /** The signed-in viewer's own bid (the page says "You"). */
    isViewer: z.boolean(),
  }),
});
export type BidHistoryItem = z.infer<typeof bidHistoryItemSchema>;
export const bidHistorySchema = pageOf(bidHistoryItemSchema);
export type BidHistory = z.infer<typeof bidHistorySchema>;

export const homeQuerySchema = z.object({ territory: slugQuery("territory") });
export const homeSchema = z.object({
  featured: z.array(listingCardSchema),
  trending: z.array(listingCardSchema),
  endingSoon: z.array(listingCardSchema),
  dailyPicks: z.array(listingCardSchema),
});
export type HomeSections = z.infer<typeof homeSchema>;

/**
 * Which listings each home section shows, as one query of GET /api/listings: the section is the
 * query's first HOME_SECTION_SIZE listings and its View all page (/deals, /trending, /ending-soon)
 * the whole query, so the two never disagree (issue 21). The server's home sections and the View
 * all pages both read this; a territory, when chosen, narrows both alike.
 */
export const HOME_SECTION_QUERIES = {
  featured: { featured: true },
  // most_bids and ending_soon keep only auctions (the server's whereFor).
  trending: { kind: "auction", sort: "most_bids" },
  endingSoon: { sort: "ending_soon" },
} as const satisfies Record<Exclude<keyof HomeSections, "dailyPicks">, Partial<ListingQuery>>;

const cardIdsMessage = `ids must be 1 to ${MAX_CARD_IDS} listing ids (UUIDs) separated by commas`;

/** GET /api/listings/cards: `ids` is a comma-separated list of listing ids, answered in that order. */
export const listingCardsQuerySchema = z
  .object({
    ids: z
      .string({ message: cardIdsMessage })
      .transform((text) => [...new Set(text.split(",").map((id) => id.trim()))])
      .pipe(
        z
          .array(z.uuid({ message: cardIdsMessage }))
          .min(1, cardIdsMessage)
          .max(MAX_CARD_IDS, cardIdsMessage),
      ),
  })
  .strict();

/** A short list of cards (similar items, cards by id): no paging. */
export const listingCardListSchema = z.object({ items: z.array(listingCardSchema) });
export type ListingCardList = z.infer<typeof listingCardListSchema>;
