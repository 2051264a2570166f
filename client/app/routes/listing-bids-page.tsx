import { useParams } from "react-router";
import { PagePlaceholder } from "../../components/ui/skeleton";
import { useListing } from "../../features/listing-detail/api/get-listing";
import { FullBidHistory } from "../../features/listing-detail/components/full-bid-history";
import { ListingLoadFailure } from "../../features/listing-detail/components/listing-load-failure";
import { ListingNotFound } from "../../features/listing-detail/components/listing-not-found";

/** /listing/:id/bids: an auction's whole bid history; not found for any other listing. */
export function ListingBidsPage() {
  const { id = "" } = useParams();
  const listing = useListing(id);
  if (listing.isError)
    return (
      <ListingLoadFailure
        error={listing.error}
        onRetry={() => void listing.refetch()}
        variant="listing"
      />
    );
  if (!listing.data) return <PagePlaceholder label="Loading bid history..." />;
  // A Buy It Now listing has no bids (the server answers this path with 404 too).
  if (listing.data.kind !== "auction") return <ListingNotFound variant="listing" />;
  return <FullBidHistory listing={listing.data} />;
}
