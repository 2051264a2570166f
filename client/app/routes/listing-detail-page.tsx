import { useParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state";
import { Spinner } from "../../components/ui/spinner";
import { useAddToCart } from "../../features/cart/hooks/use-add-to-cart";
import { useListing } from "../../features/listing-detail/api/get-listing";
import { ListingDetailView } from "../../features/listing-detail/components/listing-detail-view";
import { ListingNotFound } from "../../features/listing-detail/components/listing-not-found";
import { isNotFoundError } from "../../lib/api-client";

/** /listing/:id, /product/:id and /products/:id: one page; only the not-found text differs. */
export function ListingDetailPage({ variant }: { variant: "listing" | "product" }) {
  const { id = "" } = useParams();
  const listing = useListing(id);
  const addToCart = useAddToCart();

  if (listing.isPending) return <Spinner label="Loading listing..." showLabel />;
  if (listing.isError) {
    // A malformed id (400) can no more exist than an unknown one (404).
    if (isNotFoundError(listing.error, true)) return <ListingNotFound variant={variant} />;
    return (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <ErrorState
          message="We couldn't load this listing."
          onRetry={() => void listing.refetch()}
        />
      </div>
    );
  }
  return <ListingDetailView key={listing.data.id} listing={listing.data} onAddToCart={addToCart} />;
}
