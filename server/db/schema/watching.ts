import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { SavedSearchQuery } from "../../../core/contracts/watching";
import { listings } from "./listings";
import { users } from "./users";

const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

/**
 * A listing on a user's watchlist, with what the user was last told about it: each watch alert is
 * sent once (the job or the edit that sends it sets its column in the same transaction).
 */
export const watchlistItems = pgTable(
  "watchlist_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    /** The price the watcher last saw (when watching, or in the last price-drop alert). */
    priceSeenCents: integer("price_seen_cents").notNull(),
    /** Whether Buy It Now was open when they last looked: its return is worth telling. */
    buyItNowSeen: boolean("buy_it_now_seen").notNull().default(false),
    endingAlertedAt: timestamp("ending_alerted_at", { withTimezone: true }),
    endedAlertedAt: timestamp("ended_alerted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    // Watchers of one listing (the count on its page, alerts about it).
    index("watchlist_items_listing_idx").on(t.listingId),
    index("watchlist_items_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A saved search: the /api/listings parameters as the user saved them (`query`), and the same
 * filters spread into columns so that matching a new listing against every saved search is one
 * join, not one search per saved search (server/modules/watching/alert-matching.ts).
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: jsonb("query").$type<SavedSearchQuery>().notNull(),
    description: text("description").notNull(),
    notificationsEnabled: boolean("notifications_enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
    /**
     * The digest email's slot: matches stored before it are emailed together then; a match after
     * it was sent waits a day from it (at most one email per saved search per day).
     */
    digestAt: timestamp("digest_at", { withTimezone: true }),
    // The filters, for matching (null: not filtered on).
    matchCategory: text("match_category"),
    matchTerritory: text("match_territory"),
    matchSeller: text("match_seller"),
    matchKind: text("match_kind"),
    matchSearch: text("match_search"),
    /** websearch_to_tsquery('english', match_search), computed once when saved. */
    matchTsquery: tsquery("match_tsquery"),
    matchMinPriceCents: integer("match_min_price_cents"),
    matchMaxPriceCents: integer("match_max_price_cents"),
    matchConditions: text("match_conditions").array(),
    matchFreeShipping: boolean("match_free_shipping").notNull().default(false),
    matchLocalPickup: boolean("match_local_pickup").notNull().default(false),
    matchFeatured: boolean("match_featured").notNull().default(false),
    /** Only a search for active listings can match a new one. */
    matchesNewListings: boolean("matches_new_listings").notNull().default(true),
    /**
     * The key that finds the saved searches a new listing might match without testing them all
     * (search-keys.ts): a lexeme of its all-AND tsquery (a listing the tsquery finds has it). A
     * search neither the key nor its category can reach is `match_unkeyed`: always tested.
     */
    matchLexeme: text("match_lexeme"),
    matchUnkeyed: boolean("match_unkeyed").notNull().default(false),
  },
  (t) => {
    const live = sql`${t.notificationsEnabled} and ${t.matchesNewListings}`;
    return [
      index("saved_searches_user_idx").on(t.userId, t.createdAt),
      // One saved search per query per user (the stored query is canonical): a second would alert
      // twice for each match (issue 15). The service answers a repeated save with the first.
      uniqueIndex("saved_searches_user_query_idx").on(t.userId, t.query),
      index("saved_searches_lexeme_idx").on(t.matchLexeme).where(live),
      index("saved_searches_category_idx")
        .on(t.matchCategory)
        .where(sql`${live} and ${t.matchSearch} is null`),
      index("saved_searches_unkeyed_idx").on(t.id).where(sql`${live} and ${t.matchUnkeyed}`),
    ];
  },
);

/** A seller a user follows. */
export const followedSellers = pgTable(
  "followed_sellers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationsEnabled: boolean("notifications_enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sellerId] }),
    index("followed_sellers_seller_idx").on(t.sellerId),
    index("followed_sellers_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * New listings not yet matched against saved searches and followers, written in the transaction
 * that creates the listing. The matching job takes rows with FOR UPDATE SKIP LOCKED and deletes
 * them in the transaction that stores their notifications: a crash rolls both back, two workers
 * never take the same row, and a listing whose transaction commits late is still here (a cursor
 * over ids or times would skip it).
 */
export const listingAlertQueue = pgTable("listing_alert_queue", {
  listingId: uuid("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().default(sql`now()`),
  /** The request that queued it (its x-request-id), logged by the matching job; null outside one. */
  traceId: text("trace_id"),
});
