import type { AuctionUpdate } from "../../../core/contracts/bidding";
import type { LiveEffect } from "../../lib/live-events";
import { queryKeys } from "../../lib/query-keys";

/** What a card lays over its own data: an auction's latest live state. */
export type LiveAuction = Pick<AuctionUpdate, "status" | "auction">;

/**
 * An auction changed (told live): its latest state is kept in the cache for the cards showing it,
 * which lay it over their own data when it is fresher (useLiveListing). The live connection
 * forgets it once nothing on the page follows the auction.
 */
export const onAuctionUpdated: LiveEffect<"auction.updated"> = (client, update) => {
  client.setQueryData<LiveAuction>(queryKeys.listings.liveAuction(update.listingId), {
    status: update.status,
    auction: update.auction,
  });
};
