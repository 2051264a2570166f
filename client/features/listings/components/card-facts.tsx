import { Clock, Truck } from "lucide-react";
import type { ListingCard } from "../../../../core/contracts/browse";
import { formatMoney } from "../../../../core/money";
import { cn } from "../../../lib/cn";

/**
 * What delivery costs, as buyers scan for it on eBay: "Free shipping" or "+$12.00 shipping", and
 * "Local pickup" beside it when the seller offers it. One <p>, so the card's price stays the only
 * paragraph that is a bare amount.
 */
export function CardShipping({
  listing,
  className,
}: {
  listing: Pick<ListingCard, "shippingCents" | "localPickup">;
  className?: string;
}) {
  return (
    <p
      className={cn(
        "flex flex-wrap items-center gap-x-1.5 text-xs text-slate-700 sm:text-sm",
        className,
      )}
    >
      <Truck aria-hidden="true" className="size-3.5 shrink-0 sm:size-4" />
      <span className={cn(listing.shippingCents === 0 && "font-medium text-brand-800")}>
        {listing.shippingCents === 0
          ? "Free shipping"
          : `+${formatMoney(listing.shippingCents)} shipping`}
      </span>
      {listing.localPickup && (
        <>
          <span aria-hidden="true">·</span>
          <span>Local pickup</span>
        </>
      )}
    </p>
  );
}

/** An auction's time left ("2d 4h 13m left"), or "Ended" once it is over. */
export function CardTimeLeft({
  left,
  ended,
  className,
}: {
  /** The time left as useCountdown reads it ("2d 4h 13m"), null when there is no end. */
  left: string | null;
  ended: boolean;
  className?: string;
}) {
  if (left === null && !ended) return null;
  return (
    <p
      className={cn(
        "flex items-center gap-1 text-xs font-medium sm:text-sm",
        ended ? "text-slate-700" : "text-coral-800",
        className,
      )}
    >
      <Clock aria-hidden="true" className="size-3.5 shrink-0 sm:size-4" />
      {ended || left === null ? "Ended" : `${left} left`}
    </p>
  );
}
