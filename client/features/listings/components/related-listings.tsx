import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ListingCard as ListingCardData } from "../../../../core/contracts/browse";
import { SIMILAR_LISTINGS_SIZE } from "../../../../core/listing";
import { useDeferredData } from "../../../lib/use-deferred-data";
import { useListings } from "../api/get-listings";
import { useSimilarListings } from "../api/get-similar-listings";
import { ListingCard } from "./listing-card";
import { ListingGrid } from "./listing-grid";

function Strip({
  id,
  title,
  link,
  listings,
}: {
  id: string;
  title: string;
  link?: ReactNode;
  listings: ListingCardData[];
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {link}
      </div>
      <ListingGrid>
        {listings.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} />
          </li>
        ))}
      </ListingGrid>
    </section>
  );
}

/**
 * Below a listing: similar items and more from its seller, as eBay shows them. Each strip shows
 * only when it has something (a while loading, nothing: the listing itself comes first).
 */
export function RelatedListings({
  listingId,
  seller,
}: {
  listingId: string;
  seller: { id: string; username: string };
}) {
  const similar = useSimilarListings(listingId);
  // One more than shown: the listing itself may be among the seller's newest.
  const fromSeller = useListings({ seller: seller.id, pageSize: SIMILAR_LISTINGS_SIZE + 1 });
  // Below the listing, so drawn at low priority (lib/use-deferred-data).
  const similarData = useDeferredData(similar.data);
  const sellerData = useDeferredData(fromSeller.data);
  const similarItems = similarData?.items ?? [];
  const sellerItems = (sellerData?.items ?? [])
    .filter((listing) => listing.id !== listingId)
    .slice(0, SIMILAR_LISTINGS_SIZE);
  if (similarItems.length === 0 && sellerItems.length === 0) return null;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 pb-10">
      {similarItems.length > 0 && (
        <Strip id="similar-items" title="Similar items" listings={similarItems} />
      )}
      {sellerItems.length > 0 && (
        <Strip
          id="more-from-seller"
          title="More from this seller"
          listings={sellerItems}
          link={
            <Link
              to={`/store/${seller.id}`}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
            >
              Visit store<span className="sr-only"> of {seller.username || "the seller"}</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          }
        />
      )}
    </div>
  );
}
