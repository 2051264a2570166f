import { Clock, Gavel, ImageOff, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { WatchlistItem } from "../../../../core/contracts/watching";
import { listingResult, priceLabel as rowPriceLabel } from "../../../../core/listing-result";
import { formatUsd } from "../../../../core/money";
import { formatTimeLeft, timeLeft } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { pluralize } from "../../../lib/format";
import { useNow } from "../../../lib/use-now";
import { useToggleWatch } from "../hooks/use-toggle-watch";

/** Where a watched listing stands: time left on an auction, or whether it can still be bought. */
function useStanding(listing: WatchlistItem["listing"]) {
  const auction = listing.kind === "auction" ? listing.auction : null;
  const now = useNow(auction !== null && !auction.ended && listing.status === "active");
  if (auction) {
    const left = timeLeft(auction.endsAt, now);
    const ended = auction.ended || listing.status !== "active" || left.ended;
    return { ended, text: ended ? "Ended" : `${formatTimeLeft(left)} left` };
  }
  const ended = listing.status !== "active" || listing.quantity <= 0;
  return { ended, text: ended ? "Ended" : "Buy It Now" };
}

/** One watched item: photo, title, current price, bids, time left or ended, and Remove. */
export function WatchlistItemRow({ item }: { item: WatchlistItem }) {
  const { listing } = item;
  const { remove, pending } = useToggleWatch(listing.id);
  const standing = useStanding(listing);
  const auction = listing.kind === "auction" ? listing.auction : null;
  const href = `/listing/${listing.id}`;
  // Over, it says how it ended ("Sold for", "Ended: no sale"), never "Current bid" (issue 30).
  const result = listingResult(listing);
  const priceLabel = rowPriceLabel(listing, result, {
    currentBid: "Current bid",
    startingBid: "Starting bid",
    price: "Price",
  });

  return (
    <article className="flex gap-3 rounded-xl border border-sand-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {listing.image ? (
          <img
            src={listing.image.thumbUrl || listing.image.url}
            alt=""
            width={listing.image.width}
            height={listing.image.height}
            loading="lazy"
            decoding="async"
            className="size-20 rounded-lg bg-sand-100 object-cover sm:size-28"
          />
        ) : (
          <span className="flex size-20 items-center justify-center rounded-lg bg-sand-100 text-slate-600 sm:size-28">
            <ImageOff className="size-7" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="line-clamp-2 text-base leading-snug font-semibold">
            <Link to={href} className="text-slate-900 hover:text-brand-800 hover:underline">
              {listing.title}
            </Link>
          </h2>
          <p className="text-sm text-slate-700">
            {priceLabel}:{" "}
            <span className="text-lg font-bold text-slate-900">
              {formatUsd(
                result?.outcome === "sold" ? result.priceCents : listing.displayPriceCents,
              )}
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
            {auction && (
              <span className="inline-flex items-center gap-1">
                <Gavel aria-hidden="true" className="size-4" />
                {pluralize(auction.bidCount, "bid")}
              </span>
            )}
            <span
              className={
                standing.ended
                  ? "font-semibold text-slate-800"
                  : auction
                    ? "inline-flex items-center gap-1 font-medium text-coral-800"
                    : "font-medium text-slate-800"
              }
            >
              {!standing.ended && auction && <Clock aria-hidden="true" className="size-4" />}
              {standing.text}
            </span>
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={remove}
          disabled={pending}
          aria-label={`Remove ${listing.title} from watchlist`}
          className="self-start"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
    </article>
  );
}
