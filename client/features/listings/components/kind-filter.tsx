import type { ListingKind } from "../../../../core/listing";
import { cn } from "../../../lib/cn";

const OPTIONS: { value: ListingKind | null; label: string }[] = [
  { value: null, label: "All Listings" },
  { value: "auction", label: "Auction" },
  { value: "fixed_price", label: "Buy It Now" },
];

/** The segmented All Listings / Auction / Buy It Now switch. */
export function KindFilter({
  value,
  onChange,
}: {
  value: ListingKind | null;
  onChange: (kind: ListingKind | null) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
      <legend className="sr-only">Listing type</legend>
      {OPTIONS.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
              active ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-brand-50",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </fieldset>
  );
}
