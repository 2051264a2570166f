import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { LISTING_MODERATION } from "../../../core/contracts/admin";
import {
  DEFAULT_HANDLING_DAYS,
  MAX_HANDLING_DAYS,
  SHIPPING_SERVICES,
  TRANSIT_DAYS,
} from "../../../core/delivery";
import { SUBTITLE_MAX, UPGRADE_IDS } from "../../../core/fees";
import { categories, territories } from "./catalog";
import { oneOf } from "./checks";
import { users } from "./users";

export const listingKind = pgEnum("listing_kind", ["auction", "fixed_price"]);
export const listingStatus = pgEnum("listing_status", ["active", "ended", "sold"]);

/** The indexable part of "on sale to the public" (activeListingCondition in listing-visibility.ts). */
const openListing = sql`status = 'active' and moderation = 'visible'`;
/** displayPriceExpression (listing-visibility.ts), as the price indexes hold it. */
const displayPrice = sql`coalesce(auction_bid_cents, price_cents)`;

/**
 * A listing's latest delivery in business days after day 0, for one kind of route: its handling
 * time plus the longest transit of the service of `serviceColumn` (core/delivery's TRANSIT_DAYS),
 * null when that group is not shipped to. The "delivered by" filter (listing-delivery.ts) compares
 * exactly these expressions, so that the expression indexes below (issue 29) serve it; `prefix` is
 * the table's alias in a query ("l."), none in an index. The numbers are written as literals: an
 * index expression matches a query's only when both are the same constants.
 */
export function deliveryDaysSql(
  prefix: "" | "l.",
  serviceColumn: "ship_same_service" | "ship_caribbean_service" | "ship_world_service",
  route: keyof (typeof TRANSIT_DAYS)["standard"],
) {
  const standard = TRANSIT_DAYS.standard[route][1];
  const expedited = TRANSIT_DAYS.expedited[route][1];
  return sql.raw(
    `(${prefix}handling_days + case ${prefix}${serviceColumn} when 'standard' then ${standard} when 'expedited' then ${expedited} end)`,
  );
}

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** A word signature (search_signature in the migration search_signature): 512 bits. */
const bit512 = customType<{ data: string }>({ dataType: () => "bit(512)" });

/** The words a listing is found by: its title (weight A) over its description (weight B). */
const searchVectorSql = sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`;

export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    kind: listingKind("kind").notNull().default("fixed_price"),
    /** Always the top-level category; the subcategory, when any, is one of its children. */
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id),
    subcategoryId: uuid("subcategory_id").references(() => categories.id),
    territoryId: uuid("territory_id")
      .notNull()
      .references(() => territories.id),
    condition: text("condition"),
    /** Buy It Now price for fixed-price listings; the start price for auctions. */
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    shippingCents: integer("shipping_cents").notNull().default(0),
    localPickup: boolean("local_pickup").notNull().default(false),
    // Delivery by destination (issue 29, decision 0021). A group is shipped to when its service is
    // set; its cost, when left null on a write, is shipping_cents (trigger listings_ship_costs in
    // migration delivery_by_destination), so a listing written without a table ships as before:
    // within its territory and to the other Caribbean territories at shipping_cents. The columns
    // sit on the listing itself so that "ships to my territory" filters the browse walks without a
    // join; shipping_cents is kept as the lowest of the costs for the cards and older readers.
    handlingDays: integer("handling_days").notNull().default(DEFAULT_HANDLING_DAYS),
    shipSameService: text("ship_same_service").default("standard"),
    shipSameCents: integer("ship_same_cents"),
    shipCaribbeanService: text("ship_caribbean_service").default("standard"),
    shipCaribbeanCents: integer("ship_caribbean_cents"),
    shipWorldService: text("ship_world_service"),
    shipWorldCents: integer("ship_world_cents"),
    returnPolicyDays: integer("return_policy_days").notNull().default(30),
    specifications: jsonb("specifications").$type<Record<string, string>>().notNull().default({}),
    status: listingStatus("status").notNull().default("active"),
    /**
     * Whether the public may see it (core/contracts/admin.ts LISTING_MODERATION): every public
     * read requires 'visible' (listing-visibility.ts); the seller and staff still see the rest.
     */
    moderation: text("moderation").notNull().default("visible"),
    /** Why it is held or removed, as the seller was told. */
    moderationReason: text("moderation_reason"),
    /**
     * The paid upgrades it shows now (core/fees.ts UPGRADES; what was paid for is in
     * listing_upgrades): Featured (pinned on results, the home page's section), a bold title, a
     * subtitle (the second line of cards and the page; null without the upgrade), Gallery Plus.
     */
    featured: boolean("featured").notNull().default(false),
    boldTitle: boolean("bold_title").notNull().default(false),
    subtitle: text("subtitle"),
    galleryPlus: boolean("gallery_plus").notNull().default(false),
    /** Best Offer (fixed price only); the seller's automatic amounts are in listing_offer_settings. */
    acceptsOffers: boolean("accepts_offers").notNull().default(false),
    // An auction's effective end, current bid and bid count, copied from auction_settings by a
    // trigger (server/modules/auctions/listing-sync.sql) so that browse filters and sorts read one
    // table and its indexes drive them (issue 18); null for fixed price. Never written by the app.
    auctionEndsAt: timestamp("auction_ends_at", { withTimezone: true }),
    auctionBidCents: integer("auction_bid_cents"),
    auctionBidCount: integer("auction_bid_count"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
    /**
     * When it became sold (status 'sold'), null otherwise: set and cleared by a trigger
     * (listings_sold_at, migration sold_history) whoever writes the status, so that "Sold for $X
     * on ..." and the recently sold strip need no join to orders or bids (issue 30).
     */
    soldAt: timestamp("sold_at", { withTimezone: true }),
    searchVector: tsvector("search_vector").generatedAlwaysAs(searchVectorSql),
    /**
     * Two bits of 512 set for each of search_vector's words (a hash of the word picks them):
     * a listing whose signature lacks a bit of a search's signature cannot hold all its words.
     * The newest-first walks carry it in their INCLUDE, so a common word's newest matches are
     * found by testing it inside the index and reading only the listings that pass (decision 0018,
     * "The word signature"). A generated column cannot read another, hence the expression again.
     */
    searchSig: bit512("search_sig").generatedAlwaysAs(sql`search_signature(${searchVectorSql})`),
  },
  (t) => [
    index("listings_status_created_idx").on(t.status, t.createdAt),
    index("listings_category_idx").on(t.categoryId),
    index("listings_subcategory_idx").on(t.subcategoryId),
    index("listings_territory_idx").on(t.territoryId),
    index("listings_seller_idx").on(t.sellerId),
    index("listings_search_idx").using("gin", t.searchVector),
    index("listings_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    // No trigram index on descriptions: search matches words (issue 30), no substring of them.
    // The last line of defence for "stock never goes below zero", whatever the code above does.
    check("listings_quantity_non_negative", sql`${t.quantity} >= 0`),
    // Browse at scale (issue 18, decision 0012): each sort of the public listings on sale, alone
    // or within a category, subcategory or territory, walks one of these in order. The predicate
    // is the indexable part of activeListingCondition (listing-visibility.ts); an auction past its
    // end but not yet settled is filtered on the way (the settlement job keeps those few).
    // Migration 0018 adds INCLUDE (kind, auction_ends_at) to each, which drizzle cannot express,
    // so that filter and the capped counts are index-only scans; migration delivery_by_indexes adds
    // the shipping columns (territory_id, handling_days, ship_same_service, ship_caribbean_service)
    // to the three newest-first ones, so that "ships to" and "delivery by" are too (issue 29).
    index("listings_open_created_idx").on(t.createdAt.desc().nullsFirst(), t.id).where(openListing),
    index("listings_open_category_idx")
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id)
      .where(openListing),
    index("listings_open_subcategory_idx")
      .on(t.subcategoryId, t.createdAt.desc().nullsFirst(), t.id)
      .where(openListing),
    index("listings_open_territory_idx")
      .on(t.territoryId, t.createdAt.desc().nullsFirst(), t.id)
      .where(openListing),
    index("listings_open_price_idx").on(displayPrice).where(openListing),
    index("listings_open_category_price_idx").on(t.categoryId, displayPrice).where(openListing),
    index("listings_open_subcategory_price_idx")
      .on(t.subcategoryId, displayPrice)
      .where(openListing),
    index("listings_open_ending_idx")
      .on(t.auctionEndsAt, t.id)
      .where(sql`${openListing} and kind = 'auction'`),
    index("listings_open_bids_idx")
      .on(sql`coalesce(auction_bid_count, 0) desc`, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${openListing} and kind = 'auction'`),
    index("listings_open_featured_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${openListing} and featured`),
    // "Accepts offers" at 1,000,000 listings: the newest-first walk of the few that take offers
    // (migration offers_index_by_category adds INCLUDE kind, auction_ends_at and the category,
    // subcategory and territory, so that a category's count of them reads no table rows).
    index("listings_open_offers_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${openListing} and accepts_offers`),
    // Recently sold (issue 30): a category's or subcategory's public sold listings, newest sale
    // first; the strip walks one of these for the last 90 days and filters on the title's words.
    index("listings_sold_subcategory_idx")
      .on(t.subcategoryId, t.soldAt.desc().nullsLast())
      .where(sql`status = 'sold' and moderation = 'visible'`),
    index("listings_sold_category_idx")
      .on(t.categoryId, t.soldAt.desc().nullsLast())
      .where(sql`status = 'sold' and moderation = 'visible'`),
    check("listings_moderation_check", oneOf(t.moderation, LISTING_MODERATION)),
    check(
      "listings_subtitle_length",
      sql`${t.subtitle} is null or char_length(${t.subtitle}) between 1 and ${sql.raw(String(SUBTITLE_MAX))}`,
    ),
    check(
      "listings_handling_days_check",
      sql`${t.handlingDays} between 0 and ${sql.raw(String(MAX_HANDLING_DAYS))}`,
    ),
    check("listings_ship_same_service_check", oneOf(t.shipSameService, SHIPPING_SERVICES)),
    check(
      "listings_ship_caribbean_service_check",
      oneOf(t.shipCaribbeanService, SHIPPING_SERVICES),
    ),
    check("listings_ship_world_service_check", oneOf(t.shipWorldService, SHIPPING_SERVICES)),
    check(
      "listings_ship_costs_check",
      sql`coalesce(${t.shipSameCents}, 0) >= 0 and coalesce(${t.shipCaribbeanCents}, 0) >= 0 and coalesce(${t.shipWorldCents}, 0) >= 0`,
    ),
    // "Ships to my territory" for a buyer elsewhere in the world: the few listings that ship
    // there, newest first (the Caribbean groups are shipped to by most listings, so the browse
    // walks above serve them with a filter on the way).
    index("listings_open_world_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${openListing} and ship_world_service is not null`),
    // "Delivered by" at 1,000,000 listings (issue 29, decision 0021): a listing's latest delivery
    // to its own territory, to its sub-region and to the rest of the Caribbean (deliveryDaysSql),
    // so that a near date finds its few listings by range instead of reading every open listing.
    // The migration adds statistics on the three expressions (CREATE STATISTICS, which drizzle
    // cannot say): the planner ignores a partial index's for its estimates.
    index("listings_open_deliver_same_idx")
      .on(t.territoryId, deliveryDaysSql("", "ship_same_service", "same_territory"))
      .where(openListing),
    index("listings_open_deliver_near_idx")
      .on(t.territoryId, deliveryDaysSql("", "ship_caribbean_service", "same_sub_region"))
      .where(openListing),
    index("listings_open_deliver_far_idx")
      .on(deliveryDaysSql("", "ship_caribbean_service", "other_sub_region"))
      .where(openListing),
    // The staff's lists of held, removed and suspended listings; the public ones are the rest.
    index("listings_moderation_idx")
      .on(t.moderation, t.createdAt)
      .where(sql`${t.moderation} <> 'visible'`),
  ],
);

/**
 * Every word (letters only, lower case, 3 to 40 long) of any listing's title, for "Did you mean"
 * (issue 30): the nearest by trigram similarity, found by the GiST index without reading listings.
 * Filled by triggers on listings (server/modules/listings/search-words.sql) and, for the listings
 * that were there before, by the migration that made it. Only grows: a word whose listings are
 * gone stays, and a suggestion is offered only when it finds something.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
  },
  (t) => [index("search_words_trgm_idx").using("gist", sql`${t.word} gist_trgm_ops`)],
);

export const listingImages = pgTable(
  "listing_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** 0 is the thumbnail the cards show. */
    position: integer("position").notNull(),
    url: text("url").notNull(),
    thumbUrl: text("thumb_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The seller's upload this picture came from; null for demo pictures. */
    uploadId: uuid("upload_id").references(() => uploads.id, { onDelete: "set null" }),
  },
  (t) => [index("listing_images_listing_idx").on(t.listingId, t.position)],
);

/**
 * A photo a seller uploaded, already re-encoded; the wizard refers to it by id when it creates
 * or edits a listing, and only its owner may attach it.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    url: text("url").notNull(),
    thumbUrl: text("thumb_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId, t.createdAt)],
);

/**
 * Each upgrade bought for a listing, charged once for the listing's duration: the primary key
 * (listing, upgrade) makes a second charge impossible even when two saves race; turning an upgrade
 * off keeps its row (no refund) and turning it on again costs nothing. The fee's journal is
 * (`listing`, listing id, `upgrade:<upgrade>`) in the ledger, posted in the same transaction.
 */
export const listingUpgrades = pgTable(
  "listing_upgrades",
  {
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    upgrade: text("upgrade").notNull(),
    cents: integer("cents").notNull(),
    boughtAt: timestamp("bought_at", { withTimezone: true }).notNull(),
    /** The ledger journal's purpose under source (`listing`, listing id). */
    journalPurpose: text("journal_purpose").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.upgrade] }),
    check("listing_upgrades_upgrade_check", oneOf(t.upgrade, UPGRADE_IDS)),
    check("listing_upgrades_cents_check", sql`${t.cents} > 0`),
  ],
);
