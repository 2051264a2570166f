import { sql } from "drizzle-orm";
import { type AuctionChanged, topics } from "../../../core/events";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { publish } from "../../plugins/realtime-bus";

/**
 * Publishes `auction.updated` (core/events.ts) with the auction's facts as the caller's transaction
 * has just written them, sent at its commit, so the pages showing the auction learn the change from
 * these facts alone. For a change without new bids (settlement, a cancellation); place_bid()
 * (place-bid.sql) builds the same event in SQL with the bids it recorded, without reading back.
 */
export async function publishAuctionChanged(
  tx: Db,
  listingId: string,
  status: AuctionChanged["status"],
): Promise<void> {
  const [row] = await rows<{
    startPriceCents: number;
    currentBidCents: number | null;
    bidCount: number;
    endTime: Date | string;
    reservePriceCents: number | null;
    buyItNowPriceCents: number | null;
    leaderId: string | null;
    incrementCents: number;
  }>(
    tx,
    sql`select start_price_cents as "startPriceCents", current_bid_cents as "currentBidCents",
          bid_count as "bidCount", end_time as "endTime", reserve_price_cents as "reservePriceCents",
          buy_it_now_price_cents as "buyItNowPriceCents", leader_id as "leaderId",
          bid_increment_for(coalesce(current_bid_cents, start_price_cents)) as "incrementCents"
        from auction_settings where listing_id = ${listingId}`,
  );
  if (!row) return;
  await publish(tx, topics.auction(listingId), "auction.updated", {
    listingId,
    status,
    facts: {
      startPriceCents: row.startPriceCents,
      currentBidCents: row.currentBidCents,
      bidCount: row.bidCount,
      endsAt: isoTime(row.endTime),
      reservePriceCents: row.reservePriceCents,
      buyItNowPriceCents: row.buyItNowPriceCents,
      leaderId: row.leaderId,
    },
    incrementCents: row.incrementCents,
    bids: [],
  });
}
