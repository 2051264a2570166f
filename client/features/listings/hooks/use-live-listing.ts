import { skipToken, useQuery } from "@tanstack/react-query";
import type { ListingCard } from "../../../../core/contracts/browse";
import { isFresherAuction } from "../../../lib/auction-freshness";
import { useLiveAuctions } from "../../../lib/live-auctions";
import { queryKeys } from "../../../lib/query-keys";
import type { LiveAuction } from "../cache";

/**
 * A card's listing with the latest live auction state laid over it (price, bids, soft-close end,
 * status), so grids follow bids without refetching. Fixed-price listings pass through unchanged.
 * The live state is the query cache's (written by the live connection's effects): only this
 * card renders again when it changes.
 */
export function useLiveListing(listing: ListingCard): ListingCard {
  const isAuction = listing.kind === "auction" && listing.auction !== null;
  useLiveAuctions(isAuction ? [listing.id] : []);
  const { data: update } = useQuery<LiveAuction>({
    queryKey: queryKeys.listings.liveAuction(listing.id),
    // Never fetched: only live events write it.
    queryFn: skipToken,
  });
  if (
    !isAuction ||
    !update ||
    !listing.auction ||
    !isFresherAuction(update.auction, listing.auction)
  )
    return listing;
  const { auction } = update;
  return {
    ...listing,
    status: update.status,
    auction,
    displayPriceCents: auction.currentBidCents ?? auction.startPriceCents,
  };
}
