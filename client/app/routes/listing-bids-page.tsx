import { useParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state";
import { PagePlaceholder } from "../../components/ui/skeleton";
import { useListing } from "../../features/listing-detail/api/get-listing";
import { FullBidHistory } from "../../features/listing-detail/components/full-bid-history";
import { ListingNotFound } from "../../features/listing-detail/components/listing-not-found";
import { isNotFoundError } from "../../lib/api-client";

/** /listing/:id/bids: an auction's whole bid history; not found for any other listing. */
export function ListingBidsPage() {
  const { id = "" } = useParams();
  const listing = useListing(id);
  if (listing.isError) {
    if (isNotFoundError(listing.error, true)) return <ListingNotFound variant="listing" />;
    return (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <ErrorState
          message="We couldn't load this listing."
          onRetry={() => void listing.refetch()}
        />
      </div>
    );
  }
  if (!listing.data) return <PagePlaceholder label="Loading bid history..." />;
  // A Buy It Now listing has no bids (the server answers this path with 404 too).
  if (listing.data.kind !== "auction") return <ListingNotFound variant="listing" />;
  return <FullBidHistory listing={listing.data} />;
}
