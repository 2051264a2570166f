import { ArrowLeft } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { conditionLabel } from "../../../../core/listing";
import { Breadcrumb, type Crumb } from "../../../components/ui/breadcrumb";
import { Button } from "../../../components/ui/button";
import { useGoBack } from "../../../lib/use-go-back";
import { useListingDelivery } from "../hooks/use-listing-delivery";
import { useViewerIsSeller } from "../hooks/use-viewer-is-seller";
import { AuctionPanel } from "./auction-panel";
import { BidHistory } from "./bid-history";
import { EndedResultPanel } from "./ended-result";
import { FixedPricePanel } from "./fixed-price-panel";
import { FullBidHistoryDialog } from "./full-bid-history-dialog";
import { ListingGallery } from "./listing-gallery";
import { ListingMeta } from "./listing-meta";
import { SellerCard } from "./seller-card";
import { ShareButton } from "./share-button";
import { ShippingNote } from "./shipping-note";

function Facts({ listing }: { listing: ListingDetail }) {
  const rows: [string, string][] = [
    [
      "Category",
      listing.subcategory
        ? `${listing.category.name} › ${listing.subcategory.name}`
        : listing.category.name,
    ],
    ["Condition", conditionLabel(listing.condition)],
    ["Quantity available", String(listing.quantity)],
    ["Location", listing.territory.name],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-700">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const MODERATION_NOTES = {
  held: "This listing is held for review and is not public yet.",
  removed: "This listing was removed by a moderator and is not public.",
  suspended: "This listing is hidden while the seller's account is suspended.",
} as const;

/**
 * The whole listing page: gallery, facts, the buying panel, history, shipping and seller.
 * `onAddToCart`, `watch`, `sellerContact` and `sellerFollow` come from the page, which wires in
 * the cart, watching and messages.
 */
export function ListingDetailView({
  listing,
  onAddToCart,
  watch,
  sellerContact,
  sellerFollow,
  report,
  offer,
}: {
  listing: ListingDetail;
  onAddToCart?: (listing: ListingDetail, quantity: number) => void;
  /** Add to Watchlist and the number of people watching. */
  watch?: ReactNode;
  /** The seller card's Contact button (absent on the viewer's own listing). */
  sellerContact?: ReactNode;
  /** The seller card's Follow button (absent on the viewer's own listing). */
  sellerFollow?: ReactNode;
  /** "Report this listing", under the seller card (absent on the viewer's own listing). */
  report?: ReactNode;
  /** Best Offer's box under Buy It Now (absent on the viewer's own listing). */
  offer?: ReactNode;
}) {
  const goBack = useGoBack("/listings");
  const [historyOpen, setHistoryOpen] = useState(false);
  const viewerIsSeller = useViewerIsSeller(listing);
  const delivery = useListingDelivery(listing);
  // Not shipped to the buyer's territory: the panels say so and offer no buying or bidding.
  const notShippedTo = delivery.notShipped ? (delivery.deliverToName ?? "your territory") : null;
  const crumbs: Crumb[] = [
    { label: "Home", to: "/" },
    { label: listing.category.name, to: `/category/${listing.category.slug}` },
  ];
  if (listing.subcategory) {
    crumbs.push({
      label: listing.subcategory.name,
      to: `/category/${listing.category.slug}/${listing.subcategory.slug}`,
    });
  }
  const specifications = Object.entries(listing.specifications);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6">
      <ListingMeta listing={listing} />
      {listing.moderation && listing.moderation !== "visible" && (
        // Only the seller and staff are sent a listing the public cannot see: say why.
        <p
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <span className="font-semibold">{MODERATION_NOTES[listing.moderation]}</span>
          {listing.moderationReason && <> {listing.moderationReason}</>}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="ghost" size="sm" onClick={goBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
        <Breadcrumb items={crumbs} />
      </div>

      <div className="grid gap-8 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <ListingGallery images={listing.images} title={listing.title} />

        <div className="flex flex-col gap-5 lg:row-span-2">
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">
              {listing.title}
            </h1>
            {listing.subtitle && <p className="text-lg text-slate-800">{listing.subtitle}</p>}
            <p className="text-slate-700">
              Seller:{" "}
              <span className="font-semibold text-slate-900">
                {listing.seller.username || "Unknown"}
              </span>
            </p>
          </div>
          <Facts listing={listing} />
          {listing.kind === "auction" && listing.auction ? (
            <>
              <AuctionPanel
                listing={listing}
                auction={listing.auction}
                notShippedTo={notShippedTo}
                onShowBids={() => setHistoryOpen(true)}
              />
              <BidHistory listingId={listing.id} onShowAll={() => setHistoryOpen(true)} />
              <FullBidHistoryDialog
                listingId={listing.id}
                listingTitle={listing.title}
                viewerIsSeller={viewerIsSeller}
                open={historyOpen}
                onClose={() => setHistoryOpen(false)}
              />
            </>
          ) : listing.status === "ended" ? (
            // Ended without selling out: how it ended, and no buying controls (issue 30).
            <EndedResultPanel listing={listing} />
          ) : (
            <FixedPricePanel
              listing={listing}
              onAddToCart={onAddToCart}
              offer={notShippedTo ? undefined : offer}
              notShippedTo={notShippedTo}
            />
          )}
          <div className="flex flex-wrap items-center gap-2">
            {watch}
            <ShareButton title={listing.title} />
          </div>
          <ShippingNote listing={listing} delivery={delivery} />
          <SellerCard seller={listing.seller} contact={sellerContact} follow={sellerFollow} />
          {report && <div className="-mt-2 flex justify-end">{report}</div>}
        </div>

        <div className="flex flex-col gap-8">
          <section aria-labelledby="description" className="flex flex-col gap-3">
            <h2 id="description" className="text-xl font-semibold text-slate-900">
              Description
            </h2>
            <p className="whitespace-pre-line text-slate-800">{listing.description}</p>
          </section>
          {specifications.length > 0 && (
            <section aria-labelledby="specifications" className="flex flex-col gap-3">
              <h2 id="specifications" className="text-xl font-semibold text-slate-900">
                Specifications
              </h2>
              <dl className="divide-y divide-sand-200 overflow-hidden rounded-xl border border-sand-200 bg-white">
                {specifications.map(([name, value]) => (
                  <div
                    key={name}
                    className="grid grid-cols-[minmax(8rem,1fr)_2fr] gap-4 px-4 py-2.5 text-sm"
                  >
                    <dt className="text-slate-700">{name}</dt>
                    <dd className="text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
