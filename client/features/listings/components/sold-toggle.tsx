import { BadgeDollarSign } from "lucide-react";
import { cn } from "../../../lib/cn";
import type { CategoryFilters, FilterUpdate } from "../hooks/use-category-filters";

/**
 * "Sold items" on /listings (issue 30): advanced search's sold filter one press away, for
 * sold-price research. Pressed, the results are the sold listings of the same search and filters.
 */
export function SoldToggle({
  filters,
  onChange,
}: {
  filters: CategoryFilters;
  onChange: (update: FilterUpdate) => void;
}) {
  const pressed = filters.status === "sold";
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange({ status: pressed ? null : "sold" })}
      className={cn(
        "inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-semibold",
        pressed
          ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
          : "border-slate-400 bg-white text-slate-900 hover:bg-brand-50",
      )}
    >
      <BadgeDollarSign aria-hidden="true" className="size-4" />
      Sold items
    </button>
  );
}
