import { useId } from "react";
import type { ListingFacets } from "../../../../core/contracts/browse";
import type { ListingKind } from "../../../../core/listing";
import { cn } from "../../../lib/cn";
import { ChoiceCount } from "./listing-filter-panel";

const OPTIONS: { value: ListingKind | null; label: string }[] = [
  { value: null, label: "All Listings" },
  { value: "auction", label: "Auction" },
  { value: "fixed_price", label: "Buy It Now" },
];

/** The segmented All Listings / Auction / Buy It Now switch, with counts when given. */
export function KindFilter({
  value,
  onChange,
  counts,
}: {
  value: ListingKind | null;
  onChange: (kind: ListingKind | null) => void;
  /** How many each kind would show with the other filters; the page's facets. */
  counts?: ListingFacets["kinds"];
}) {
  const id = useId();
  // On a phone the three choices take two rows once their counts arrive: the room is held from the
  // start, so the results below do not jump down when they do.
  return (
    <fieldset className="inline-flex max-w-full flex-wrap content-start rounded-lg border border-slate-300 bg-white p-1 max-sm:min-h-[4.625rem]">
      <legend className="sr-only">Listing type</legend>
      {OPTIONS.map((option) => {
        const active = option.value === value;
        const count = counts
          ? option.value
            ? counts[option.value]
            : counts.auction + counts.fixed_price
          : undefined;
        const countId = `${id}-${option.value ?? "all"}`;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            aria-describedby={count === undefined ? undefined : countId}
            onClick={() => onChange(option.value)}
            className={cn(
              "inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
              active
                ? "bg-brand-700 text-white [&_span]:text-brand-50"
                : "text-slate-800 hover:bg-brand-50",
            )}
          >
            {option.label}
            <ChoiceCount id={countId} count={count} />
          </button>
        );
      })}
    </fieldset>
  );
}
