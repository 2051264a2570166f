import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { listings } from "./listings";
import { users } from "./users";

export const auctionSettings = pgTable(
  "auction_settings",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    startPriceCents: integer("start_price_cents").notNull(),
    /** Hidden from buyers; the page only says whether it is met. */
    reservePriceCents: integer("reserve_price_cents"),
    buyItNowPriceCents: integer("buy_it_now_price_cents"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull().default(sql`now()`),
    /** The effective end: soft close moves it forward. */
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    // The visible price, count and leader are kept here by the bid transaction (which locks this
    // row), so readers and sorts need not aggregate the bids table.
    currentBidCents: integer("current_bid_cents"),
    bidCount: integer("bid_count").notNull().default(0),
    leaderId: uuid("leader_id").references(() => users.id),
    /** The leader's proxy maximum: never shown to anyone. */
    leaderMaxCents: integer("leader_max_cents"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("auction_settings_end_idx").on(t.endTime),
    // The settlement job's queue: the auctions not yet settled, by end (the settled ones, nearly
    // all of them, are not in it to be walked past each second).
    index("auction_settings_unsettled_end_idx").on(t.endTime).where(sql`settled_at is null`),
  ],
);

export const bidStatus = pgEnum("bid_status", ["active", "outbid", "won", "lost"]);

export const bids = pgTable(
  "bids",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    bidderId: uuid("bidder_id")
      .notNull()
      .references(() => users.id),
    /** The visible amount of this bid. */
    amountCents: integer("amount_cents").notNull(),
    /** The bidder's proxy maximum when they gave one; never shown to others. */
    maxAmountCents: integer("max_amount_cents"),
    status: bidStatus("status").notNull().default("active"),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("bids_listing_placed_idx").on(t.listingId, t.placedAt),
    index("bids_bidder_idx").on(t.bidderId, t.placedAt),
  ],
);

/** USD bands: a bid must beat the visible price by the increment of the band it falls in. */
export const bidIncrements = pgTable("bid_increments", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  priceRangeStartCents: integer("price_range_start_cents").notNull(),
  /** Exclusive; null for the open top band. */
  priceRangeEndCents: integer("price_range_end_cents"),
  minimumIncrementCents: integer("minimum_increment_cents").notNull(),
});
