import { Gavel, User } from "lucide-react";
import { useId } from "react";
import { Link, useNavigate } from "react-router";
import type { ListingCard as ListingCardData } from "../../../../core/contracts/browse";
import { cardState, RESULT_TEXTS } from "../../../../core/listing-result";
import { buttonClasses } from "../../../components/ui/button";
import { ApproxPrice, UsdAmount } from "../../../components/ui/usd-price";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useListingCardAction } from "../../../lib/listing-card-action";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { useCountdown } from "../hooks/use-countdown";
import { useLiveListing } from "../hooks/use-live-listing";
import { CardShipping, CardTimeLeft } from "./card-facts";
import { CardPhotoLink } from "./card-photo-link";
import { CardSubtitle, FeaturedMark, titleWeight } from "./card-upgrades";

export type ListingCardLayout = "grid" | "list";

/**
 * The browse and home card: photo, title, description, seller, price, time left, shipping and the
 * main actions. On phones, two to a row, it is compact: description, seller and View Details (the
 * photo and title go there too) wait for wider screens.
 */
export function ListingCard({
  listing: initial,
  layout = "grid",
  headingLevel = 3,
  priority = false,
}: {
  listing: ListingCardData;
  layout?: ListingCardLayout;
  headingLevel?: 2 | 3;
  /** The first card of a page's first grid: its picture loads at once (ListingImage). */
  priority?: boolean;
}) {
  const listing = useLiveListing(initial);
  const titleId = useId();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const action = useListingCardAction(listing);
  const auction = listing.kind === "auction" ? listing.auction : null;
  const left = useCountdown(auction?.endsAt);
  // An ended listing says how it ended (issue 30): "Sold for" its sale price, or "Ended: no sale".
  const { ended, soldOut, result, priceLabel, priceCents } = cardState(listing, left);
  const href = `/listing/${listing.id}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "group flex overflow-hidden rounded-lg border sm:rounded-xl border-sand-200 bg-white shadow-sm transition-shadow hover:shadow-md",
        layout === "grid" ? "h-full flex-col" : "flex-col sm:flex-row",
      )}
    >
      <div
        className={cn(
          "relative shrink-0",
          layout === "list" && (listing.galleryPlus ? "sm:w-80" : "sm:w-56"),
        )}
      >
        <CardPhotoLink
          to={href}
          image={listing.image}
          title={listing.title}
          priority={priority}
          className="block overflow-hidden"
          imageClassName="aspect-square w-full transition-transform duration-300 group-hover:scale-[1.02]"
        />
        <FeaturedMark listing={listing} />
        {action && <div className="absolute top-1 right-1 sm:top-2 sm:right-2">{action}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2.5 sm:gap-2 sm:p-4">
        <Heading
          id={titleId}
          className={cn("line-clamp-2 text-sm leading-snug sm:text-base", titleWeight(listing))}
        >
          <Link to={href} className="text-slate-900 hover:text-brand-800 hover:underline">
            {listing.title}
          </Link>
        </Heading>
        <CardSubtitle listing={listing} />
        <p className="hidden text-sm text-slate-700 sm:line-clamp-2">{listing.description}</p>
        <p className="hidden items-center gap-1 text-sm text-slate-700 sm:flex">
          <User aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{listing.seller.username || "Unknown"}</span>
        </p>

        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-0.5 sm:pt-2">
          <div>
            <p className="text-[0.6875rem] font-medium tracking-wide text-slate-700 uppercase sm:text-xs">
              {priceLabel}
            </p>
            <p className="text-base font-bold text-slate-900 sm:text-xl">
              <UsdAmount cents={priceCents} />
            </p>
            <ApproxPrice cents={priceCents} className="block" />
            {result?.outcome === "no_sale" && result.reserveNotMet && (
              <p className="text-xs text-slate-700 sm:text-sm">{RESULT_TEXTS.reserveNotMet}</p>
            )}
            {!auction && !result && listing.acceptsOffers && (
              <p className="text-xs text-slate-700 sm:text-sm">or Best Offer</p>
            )}
          </div>
          {auction && (
            <div className="flex flex-col text-xs text-slate-700 sm:items-end sm:text-sm">
              <p className="flex items-center gap-1">
                <Gavel aria-hidden="true" className="size-3.5 sm:size-4" />
                {pluralize(auction.bidCount, "bid")}
              </p>
              <CardTimeLeft left={left} ended={ended} />
            </div>
          )}
        </div>
        <CardShipping listing={listing} />

        <div className="flex flex-wrap gap-2 pt-1 sm:pt-2">
          {auction ? (
            ended ? (
              <button type="button" disabled className={buttonClasses("accent", "sm", "flex-1")}>
                Auction Ended
              </button>
            ) : (
              <button
                type="button"
                className={buttonClasses("accent", "sm", "flex-1")}
                onClick={() => {
                  const go = () => navigate(`${href}#bid`);
                  if (requireSignIn("bid", go)) go();
                }}
              >
                Place Bid
              </button>
            )
          ) : (
            <button
              type="button"
              disabled={soldOut}
              className={buttonClasses("accent", "sm", "flex-1")}
              onClick={() => {
                // The spec's Buy Now goes to checkout: the review page with this one line.
                const go = () => navigate(`/checkout?listing=${listing.id}&quantity=1`);
                if (requireSignIn("buy", go)) go();
              }}
            >
              {soldOut ? "Out of stock" : "Buy It Now"}
            </button>
          )}
          <Link to={href} className={buttonClasses("outline", "sm", "flex-1 max-sm:hidden")}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
