import { Star } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { ListingCard as ListingCardData } from "../../../../core/contracts/browse";
import { isLowStock } from "../../../../core/listing";
import { ApproxPrice, UsdAmount } from "../../../components/ui/usd-price";
import { cn } from "../../../lib/cn";
import { formatRating, pluralize } from "../../../lib/format";
import { useListingCardAction } from "../../../lib/listing-card-action";
import type { ResultsView } from "../hooks/use-category-filters";
import { useCountdown } from "../hooks/use-countdown";
import { useLiveListing } from "../hooks/use-live-listing";
import { CardShipping, CardTimeLeft } from "./card-facts";
import { CardPhotoLink } from "./card-photo-link";
import { CardSubtitle, FeaturedMark, titleWeight } from "./card-upgrades";

/**
 * The category page's card: links to /products/{id}; list layout adds description and stock.
 * Auctions show their time left, every card its shipping.
 */
export function ProductCard({
  listing: initial,
  layout = "grid",
  priority = false,
}: {
  listing: ListingCardData;
  layout?: ResultsView;
  /** The first card of the page: its picture loads at once (ListingImage). */
  priority?: boolean;
}) {
  const listing = useLiveListing(initial);
  const action = useListingCardAction(listing);
  const titleId = useId();
  const href = `/products/${listing.id}`;
  const fixedPrice = listing.kind === "fixed_price";
  const lowStock = fixedPrice && isLowStock(listing.quantity);
  const outOfStock = fixedPrice && listing.quantity <= 0;
  const auction = listing.kind === "auction" ? listing.auction : null;
  const left = useCountdown(auction?.endsAt);
  const ended =
    auction !== null && (auction.ended || listing.status !== "active" || left === "Ended");
  const kindText =
    listing.kind === "auction" && listing.auction
      ? `Auction · ${pluralize(listing.auction.bidCount, "bid")}`
      : listing.acceptsOffers
        ? "Buy It Now or Best Offer"
        : "Buy It Now";

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "group relative flex h-full overflow-hidden rounded-xl border border-sand-200 bg-white shadow-sm transition-shadow hover:shadow-md",
        layout === "grid" ? "flex-col" : "flex-row",
      )}
    >
      <div
        className={cn(
          "relative shrink-0",
          // Gallery Plus: a larger picture in the list view.
          layout === "list" && (listing.galleryPlus ? "w-36 sm:w-72" : "w-28 sm:w-48"),
        )}
      >
        <CardPhotoLink
          to={href}
          image={listing.image}
          title={listing.title}
          priority={priority}
          className="block h-full"
          imageClassName={cn(
            "w-full",
            layout === "grid" ? "aspect-square" : "aspect-square h-full",
          )}
        />
        <FeaturedMark listing={listing} />
        {action && (
          <div
            className={cn(
              "absolute",
              layout === "grid" ? "top-1 right-1 sm:top-2 sm:right-2" : "top-1 right-1",
            )}
          >
            {action}
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2.5 sm:gap-1.5 sm:p-4">
        <h2
          id={titleId}
          className={cn("line-clamp-2 text-sm leading-snug sm:text-base", titleWeight(listing))}
        >
          <Link to={href} className="text-slate-900 hover:text-brand-800 hover:underline">
            {listing.title}
          </Link>
        </h2>
        <CardSubtitle listing={listing} />
        {layout === "list" && (
          <p className="line-clamp-2 text-sm text-slate-700">{listing.description}</p>
        )}
        <p className="text-base font-bold text-slate-900 sm:text-lg">
          <UsdAmount cents={listing.displayPriceCents} />
        </p>
        <ApproxPrice cents={listing.displayPriceCents} className="block" />
        <p className="text-xs text-slate-700">{kindText}</p>
        {auction && <CardTimeLeft left={left} ended={ended} />}
        <CardShipping listing={listing} />
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-700 sm:text-sm">
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500 sm:size-4" />
            <span>
              <span className="sr-only">Seller rating: </span>
              {formatRating(listing.seller.rating)}
            </span>
          </span>
          <span aria-hidden="true">·</span>
          <span className="truncate">{listing.seller.username || "Unknown"}</span>
        </p>
        {layout === "grid" && lowStock && (
          <p className="text-sm font-semibold text-coral-800">Only {listing.quantity} left</p>
        )}
        {layout === "grid" && outOfStock && (
          <p className="text-sm font-semibold text-slate-800">Out of stock</p>
        )}
        {layout === "list" && fixedPrice && (
          <p className="flex flex-wrap gap-2 text-sm">
            {outOfStock ? (
              <span className="font-semibold text-slate-800">Out of stock</span>
            ) : (
              <span className="text-slate-700">{listing.quantity} available</span>
            )}
            {lowStock && <span className="font-semibold text-coral-800">Almost gone</span>}
          </p>
        )}
      </div>
    </article>
  );
}
