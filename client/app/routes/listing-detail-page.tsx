import { lazy, Suspense, useEffect } from "react";
import { useParams } from "react-router";
import { PagePlaceholder } from "../../components/ui/skeleton";
import { useAddToCart } from "../../features/cart/hooks/use-add-to-cart";
import { useListing } from "../../features/listing-detail/api/get-listing";
import { ListingDetailView } from "../../features/listing-detail/components/listing-detail-view";
import { ListingLoadFailure } from "../../features/listing-detail/components/listing-load-failure";
import { RecentlySold } from "../../features/listings/components/recently-sold";
import { RelatedListings } from "../../features/listings/components/related-listings";
import { ContactSellerButton } from "../../features/messages/components/contact-seller";
import { recordRecentlyViewed } from "../../features/recently-viewed/hooks/use-recently-viewed";
import { ReportButton } from "../../features/reports/components/report-button";
import { FollowButton } from "../../features/watching/components/follow-button";
import { WatchListingButton } from "../../features/watching/components/watch-listing-button";
import { useSession } from "../../lib/session";
import { useDeferredData } from "../../lib/use-deferred-data";

// Only Buy It Now listings that take offers show the offer box, and it brought the offer forms and
// the offers' schemas (zod among them: nine files, about 45 KiB) into every listing's first load,
// auctions included. It loads once a listing needs it.
const ListingOfferBox = lazy(() =>
  import("../../features/offers/components/listing-offer-box").then((m) => ({
    default: m.ListingOfferBox,
  })),
);

/** The offer box's room while it loads (its rule and a "Make offer" button): nothing below moves. */
function OfferBoxPlaceholder() {
  return (
    <div className="flex flex-col gap-3 border-t border-sand-200 pt-4">
      {/* The box's live region, empty for a visitor: it still takes its gap. */}
      <div />
      <div className="h-12 w-full rounded-lg bg-sand-100 sm:w-36" />
    </div>
  );
}

/** /listing/:id, /product/:id and /products/:id: one page; only the not-found text differs. */
export function ListingDetailPage({ variant }: { variant: "listing" | "product" }) {
  const { id = "" } = useParams();
  const listing = useListing(id);
  const data = useDeferredData(listing.data);
  const addToCart = useAddToCart();
  const { user } = useSession();
  const shownId = data?.id;
  // Remembered once the listing is shown (an unknown id is not), for the home page's row.
  useEffect(() => {
    if (shownId) recordRecentlyViewed(shownId);
  }, [shownId]);

  if (listing.isError)
    return (
      <ListingLoadFailure
        error={listing.error}
        onRetry={() => void listing.refetch()}
        variant={variant}
      />
    );
  if (!data) return <PagePlaceholder label="Loading listing..." />;
  const { seller } = data;
  // Nobody writes to, watches or follows themselves: the seller sees only the watcher count.
  const own = user?.id === seller.id;
  const contact = own ? undefined : (
    <ContactSellerButton
      seller={{ id: seller.id, username: seller.username || "the seller" }}
      listing={{ id: data.id, title: data.title }}
      label="Contact"
    />
  );
  const follow = own ? undefined : (
    <FollowButton sellerId={seller.id} sellerName={seller.username || "the seller"} />
  );
  return (
    <>
      <ListingDetailView
        key={data.id}
        listing={data}
        onAddToCart={addToCart}
        watch={
          <WatchListingButton listingId={data.id} watcherCount={data.watcherCount} own={own} />
        }
        sellerContact={contact}
        sellerFollow={follow}
        offer={
          !own && data.kind === "fixed_price" && data.acceptsOffers ? (
            <Suspense fallback={<OfferBoxPlaceholder />}>
              <ListingOfferBox listing={data} />
            </Suspense>
          ) : undefined
        }
        report={
          own ? undefined : (
            <ReportButton
              target={{ kind: "listing", id: data.id, name: data.title }}
              label="Report this listing"
            />
          )
        }
      />
      <RecentlySold listingId={data.id} />
      <RelatedListings listingId={data.id} seller={{ id: seller.id, username: seller.username }} />
    </>
  );
}

/** /listing/:id, as the router's lazy route loads it. */
export function ListingRoutePage() {
  return <ListingDetailPage variant="listing" />;
}

/** /product/:id and /products/:id. */
export function ProductRoutePage() {
  return <ListingDetailPage variant="product" />;
}
