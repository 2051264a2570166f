import { sql } from "drizzle-orm";

// These fragments expect the listing aliased `l` and its auction settings `a` (left joined).
// Every reader of "is this open?" goes through them, so the effective end (soft close moves
// auction_settings.end_time) is applied the same way everywhere.

/** On sale now: active, and for auctions before the effective end. */
export const activeListingCondition = sql`(l.status = 'active' and (l.kind = 'fixed_price' or a.end_time > now()))`;

/** Over without a sale recorded yet, or closed unsold. */
export const endedListingCondition = sql`(l.status = 'ended' or (l.status = 'active' and l.kind = 'auction' and a.end_time <= now()))`;

export const soldListingCondition = sql`(l.status = 'sold')`;

/** True when an auction can no longer take bids. */
export const auctionEndedExpression = sql<boolean>`(l.status <> 'active' or a.end_time <= now())`;

/** The number a card shows and price sorts use: current bid ?? start price, or the price. */
export const displayPriceExpression = sql<number>`coalesce(a.current_bid_cents, l.price_cents)`;
