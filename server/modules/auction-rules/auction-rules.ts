import { type SQL, sql } from "drizzle-orm";

// An auction's rules as SQL expressions for the queries written in TypeScript: listings, checkout,
// watching and the auctions module. auction-rules.sql beside this file holds the same rules as
// functions (auction_before_end, auction_open, auction_buy_it_now_open, auction_min_next_bid) for
// place_bid() and other SQL; auction-rules.test.ts holds the two equal on every case.
//
// Queries written out here rather than calling those functions: PostgreSQL inlines a SQL function
// by parsing its body again each time a statement is planned, and browse statements are planned on
// every request. Calling them made the ending-soon card query 6-9% slower (pgbench, 1,000,000
// listings; equal once prepared), which bench:compare showed as a slower ending-soon page and home.
//
// This folder sits below listings, checkout, watching and auctions (settlement calls watching), so
// every reader can import it without a cycle; auction-sql-boundary.test.ts fails on a copy of these
// rules written anywhere else.

/** Before its effective end (`endsAt`: listings.auction_ends_at or auction_settings.end_time). */
export const auctionBeforeEnd = (endsAt: SQL): SQL => sql`(${endsAt} > now())`;

/** Takes bids: active, and before its end. */
export const auctionOpen = (status: SQL, endsAt: SQL): SQL =>
  sql`(${status} = 'active' and ${auctionBeforeEnd(endsAt)})`;

/** Buy It Now still offered: the seller set a price, nobody has bid, and the auction is open. */
export const buyItNowOpen = (auction: {
  buyItNowPriceCents: SQL;
  bidCount: SQL;
  status: SQL;
  endsAt: SQL;
}): SQL =>
  sql`(${auction.buyItNowPriceCents} is not null and coalesce(${auction.bidCount}, 0) = 0 and ${auctionOpen(auction.status, auction.endsAt)})`;

/** The smallest acceptable next bid: the start price without bids, else the current bid plus its band's increment. */
export const minNextBid = (startPriceCents: SQL, currentBidCents: SQL): SQL =>
  sql`(case when ${currentBidCents} is null then ${startPriceCents} else ${currentBidCents} + bid_increment_for(${currentBidCents}) end)`;

/** buyItNowOpen for a query that names the listing `l` and its auction_settings row `a`. */
export const listingBuyItNowOpen: SQL = buyItNowOpen({
  buyItNowPriceCents: sql`a.buy_it_now_price_cents`,
  bidCount: sql`a.bid_count`,
  status: sql`l.status`,
  endsAt: sql`l.auction_ends_at`,
});
