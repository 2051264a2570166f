import type { ListingCard } from "../../../../core/contracts/browse";
import { isFresherAuction } from "../../../lib/auction-freshness";
import { useLiveAuction } from "../../../lib/live-auctions";

/**
 * A card's listing with the latest live auction state laid over it (price, bids, soft-close end,
 * status), so grids follow bids without refetching. Fixed-price listings pass through unchanged.
 */
export function useLiveListing(listing: ListingCard): ListingCard {
  const isAuction = listing.kind === "auction" && listing.auction !== null;
  const update = useLiveAuction(isAuction ? listing.id : undefined);
  if (!update || !listing.auction || !isFresherAuction(update.auction, listing.auction))
    return listing;
  const { auction } = update;
  return {
    ...listing,
    status: update.status,
    auction,
    displayPriceCents: auction.currentBidCents ?? auction.startPriceCents,
  };
}
