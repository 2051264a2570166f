import { Clock, Gavel, User } from "lucide-react";
import { useId } from "react";
import { Link, useNavigate } from "react-router";
import type { ListingCard as ListingCardData } from "../../../../core/contracts/browse";
import { formatMoney } from "../../../../core/money";
import { formatTimeLeft } from "../../../../core/time";
import { buttonClasses } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useListingCardAction } from "../../../lib/listing-card-action";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { useCountdown } from "../hooks/use-countdown";
import { useLiveListing } from "../hooks/use-live-listing";
import { CardPhotoLink } from "./card-photo-link";

export type ListingCardLayout = "grid" | "list";

/** The browse and home card: photo, title, description, seller, price and the main actions. */
export function ListingCard({
  listing: initial,
  layout = "grid",
  headingLevel = 3,
}: {
  listing: ListingCardData;
  layout?: ListingCardLayout;
  headingLevel?: 2 | 3;
}) {
  const listing = useLiveListing(initial);
  const titleId = useId();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const action = useListingCardAction(listing);
  const auction = listing.kind === "auction" ? listing.auction : null;
  const left = useCountdown(auction?.endsAt);
  const ended = auction !== null && (auction.ended || listing.status !== "active" || !!left?.ended);
  const soldOut =
    listing.kind === "fixed_price" && (listing.quantity <= 0 || listing.status !== "active");
  const href = `/listing/${listing.id}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";

  const priceLabel = auction
    ? auction.currentBidCents !== null
      ? "Current Bid"
      : "Starting bid"
    : "Price";

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "group flex overflow-hidden rounded-xl border border-sand-200 bg-white shadow-sm transition-shadow hover:shadow-md",
        layout === "grid" ? "h-full flex-col" : "flex-col sm:flex-row",
      )}
    >
      <div className={cn("relative shrink-0", layout === "list" && "sm:w-56")}>
        <CardPhotoLink
          to={href}
          image={listing.image}
          title={listing.title}
          className="block overflow-hidden"
          imageClassName="aspect-square w-full transition-transform duration-300 group-hover:scale-[1.02]"
        />
        {action && <div className="absolute top-2 right-2">{action}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading id={titleId} className="line-clamp-2 text-base leading-snug font-semibold">
          <Link to={href} className="text-slate-900 hover:text-brand-800 hover:underline">
            {listing.title}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-slate-700">{listing.description}</p>
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <User aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{listing.seller.username || "Unknown"}</span>
        </p>

        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-2">
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-700 uppercase">
              {priceLabel}
            </p>
            <p className="text-xl font-bold text-slate-900">
              {formatMoney(listing.displayPriceCents)}
            </p>
          </div>
          {auction && (
            <div className="text-right text-sm text-slate-700">
              <p className="flex items-center justify-end gap-1">
                <Gavel aria-hidden="true" className="size-4" />
                {pluralize(auction.bidCount, "bid")}
              </p>
              {left && !ended && (
                <p className="flex items-center justify-end gap-1 font-medium text-coral-800">
                  <Clock aria-hidden="true" className="size-4" />
                  <span>{formatTimeLeft(left)} left</span>
                </p>
              )}
            </div>
          )}
        </div>

        <div className="flex flex-wrap gap-2 pt-2">
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
          <Link to={href} className={buttonClasses("outline", "sm", "flex-1")}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
