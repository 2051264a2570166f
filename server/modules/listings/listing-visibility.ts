import { sql } from "drizzle-orm";

// These fragments expect the listing aliased `l` and its auction settings `a` (left joined).
// Every reader of "is this open?" goes through them, so the effective end (soft close moves
// auction_settings.end_time) is applied the same way everywhere.

/**
 * Shown to the public: not held for review, removed by staff, or of a suspended seller
 * (core/contracts/admin.ts LISTING_MODERATION). The seller and staff read the rest through their
 * own queries; every public read includes this, directly or through the conditions below.
 */
export const publicListingCondition = sql`(l.moderation = 'visible')`;

/** On sale now: public, active, and for auctions before the effective end. */
export const activeListingCondition = sql`(l.moderation = 'visible' and l.status = 'active' and (l.kind = 'fixed_price' or a.end_time > now()))`;

/** Public, and over without a sale recorded yet, or closed unsold. */
export const endedListingCondition = sql`(l.moderation = 'visible' and (l.status = 'ended' or (l.status = 'active' and l.kind = 'auction' and a.end_time <= now())))`;

export const soldListingCondition = sql`(l.moderation = 'visible' and l.status = 'sold')`;

/** True when an auction can no longer take bids. */
export const auctionEndedExpression = sql<boolean>`(l.status <> 'active' or a.end_time <= now())`;

/** The number a card shows and price sorts use: current bid ?? start price, or the price. */
export const displayPriceExpression = sql<number>`coalesce(a.current_bid_cents, l.price_cents)`;
