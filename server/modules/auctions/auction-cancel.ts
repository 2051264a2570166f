import { sql } from "drizzle-orm";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { notify } from "../notifications/notifications.service";
import { publishAuctionChanged } from "./auction-events";

/** What cancelling needs to know of a listing, read under its lock and its auction row's. */
export interface CancellableListing {
  id: string;
  title: string;
  kind: "auction" | "fixed_price";
  status: "active" | "ended" | "sold";
  /** The auction row's settled_at is set. */
  settled: boolean;
  bidCount: number;
}

/**
 * Whether taking the listing down cancels its auction: one still on sale, unsettled and with bids.
 * An auction without bids keeps running hidden, so that a restore can put it back.
 */
export function cancelsAuction(listing: CancellableListing): boolean {
  return (
    listing.kind === "auction" &&
    listing.status === "active" &&
    !listing.settled &&
    listing.bidCount > 0
  );
}

/**
 * Ends an auction with bids without a winner, in the caller's transaction, which holds the listing's
 * and the auction row's locks (the ones a bid and settlement take): status 'ended' and settled_at
 * set, so settlement (which takes only active, unsettled auctions) never makes an order or tells
 * anyone they won, and place_bid (which refuses settled or non-active auctions) takes no later bid.
 * Every bidder is told it was cancelled, and the pages still open on it show it ended (at commit),
 * as settlement would. Returns whether it cancelled (false: cancelsAuction said no).
 */
export async function cancelAuction(tx: Db, listing: CancellableListing): Promise<boolean> {
  if (!cancelsAuction(listing)) return false;
  await tx.execute(
    sql`update listings set status = 'ended', updated_at = now() where id = ${listing.id}`,
  );
  await tx.execute(sql`update auction_settings set settled_at = now(), end_time = least(end_time, now())
      where listing_id = ${listing.id}`);
  await tx.execute(sql`update bids set status = 'lost' where listing_id = ${listing.id}`);
  const bidders = await rows<{ id: string }>(
    tx,
    sql`select distinct bidder_id as id from bids where listing_id = ${listing.id}`,
  );
  await notify(
    tx,
    bidders.map((bidder) => ({
      userId: bidder.id,
      kind: "auction_cancelled" as const,
      message: notificationText("auction_cancelled", { title: listing.title }),
      link: "/my/bids",
      listingId: listing.id,
    })),
  );
  await publishAuctionChanged(tx, listing.id, "ended");
  return true;
}
