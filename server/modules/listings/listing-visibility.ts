import { sql } from "drizzle-orm";
import { auctionBeforeEnd, auctionOpen } from "../auction-rules/auction-rules";

// These fragments expect the listing aliased `l`; they read no other table. Every reader of "is
// this open?" goes through them, so the effective end (soft close moves auction_settings.end_time)
// is applied the same way everywhere. They read the auction's end and current bid from the copy on
// the listing (auction_ends_at, auction_bid_cents), which a trigger keeps equal to auction_settings
// (server/modules/auctions/listing-sync.sql), so that the browse indexes on listings can serve them
// (issue 18). An auction's own part of "open" comes from auction-rules.ts, written out, so an index
// condition on auction_ends_at stays one.

/**
 * Shown to the public: not held for review, removed by staff, or of a suspended seller
 * (core/contracts/admin.ts LISTING_MODERATION). The seller and staff read the rest through their
 * own queries; every public read includes this, directly or through the conditions below.
 */
export const publicListingCondition = sql`(l.moderation = 'visible')`;

/** On sale now: public, active, and for auctions before the effective end. */
export const activeListingCondition = sql`(l.moderation = 'visible' and l.status = 'active' and (l.kind = 'fixed_price' or ${auctionBeforeEnd(sql`l.auction_ends_at`)}))`;

/** Public, and over without a sale recorded yet, or closed unsold. */
export const endedListingCondition = sql`(l.moderation = 'visible' and (l.status = 'ended' or (l.status = 'active' and l.kind = 'auction' and not ${auctionBeforeEnd(sql`l.auction_ends_at`)})))`;

export const soldListingCondition = sql`(l.moderation = 'visible' and l.status = 'sold')`;

/** True when an auction can no longer take bids. */
export const auctionEndedExpression = sql<boolean>`(not ${auctionOpen(sql`l.status`, sql`l.auction_ends_at`)})`;

/**
 * The number a card shows and price sorts use: current bid ?? start price, or the price. Written as
 * the price indexes hold it (schema/listings.ts), so that they serve the price sorts.
 */
export const displayPriceExpression = sql<number>`coalesce(l.auction_bid_cents, l.price_cents)`;

/**
 * What a sold listing sold for (needs `auction_settings a` joined): an auction's winning bid, or,
 * sold with no bid, the Buy It Now price it was bought outright at; a fixed price otherwise. Null
 * while it is not sold.
 */
export const soldPriceExpression = sql<number | null>`(case when l.status = 'sold' then
  (case when l.kind = 'auction' then coalesce(l.auction_bid_cents, a.buy_it_now_price_cents, l.price_cents)
   else l.price_cents end) end)`;
