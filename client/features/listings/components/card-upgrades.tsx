import { Sparkles } from "lucide-react";
import type { ListingCard } from "../../../../core/contracts/browse";
import { cn } from "../../../lib/cn";

// What a listing's paid upgrades (core/fees.ts) change on its cards and page: a "Featured" mark,
// the title in bold, the subtitle as a second line; Gallery Plus is the card's larger picture.

/** The title's weight: the Bold title upgrade makes it heavier than every other card's. */
export const titleWeight = (listing: Pick<ListingCard, "boldTitle">) =>
  listing.boldTitle ? "font-black" : "font-semibold";

/** The "Featured" mark, over the card's photo. */
export function FeaturedMark({ listing }: { listing: Pick<ListingCard, "featured"> }) {
  if (!listing.featured) return null;
  return (
    <span className="absolute top-1 left-1 inline-flex items-center gap-1 rounded-md bg-amber-300 px-1.5 py-0.5 text-xs font-semibold text-slate-900 shadow-sm sm:top-2 sm:left-2">
      <Sparkles aria-hidden="true" className="size-3.5" />
      Featured
    </span>
  );
}

/** The Subtitle upgrade's second line. */
export function CardSubtitle({
  listing,
  className,
}: {
  listing: Pick<ListingCard, "subtitle">;
  className?: string;
}) {
  if (!listing.subtitle) return null;
  return (
    <p className={cn("line-clamp-1 text-xs text-slate-700 sm:text-sm", className)}>
      {listing.subtitle}
    </p>
  );
}
