import { X } from "lucide-react";
import type { CategoryFilters, FilterUpdate } from "../hooks/use-category-filters";

/**
 * The choices advanced search can make that the panel has no control for (a seller, titles only,
 * completed or sold listings), each shown with a button that drops it.
 */
export function SearchOptions({
  filters,
  onChange,
}: {
  filters: CategoryFilters;
  onChange: (update: FilterUpdate) => void;
}) {
  const chips: { label: string; clear: FilterUpdate }[] = [];
  if (filters.seller) chips.push({ label: `Seller: ${filters.seller}`, clear: { seller: null } });
  if (filters.search && filters.titlesOnly) {
    chips.push({ label: "Titles only", clear: { includeDescription: null } });
  }
  if (filters.status === "completed") {
    chips.push({ label: "Completed listings", clear: { status: null } });
  } else if (filters.status === "sold") {
    chips.push({ label: "Sold listings", clear: { status: null } });
  } else if (filters.status === "ended") {
    chips.push({ label: "Ended listings", clear: { status: null } });
  }
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Search options" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li
          key={chip.label}
          className="inline-flex h-9 items-center gap-1 rounded-full border border-brand-700 bg-brand-50 pr-1 pl-3 text-sm font-medium text-brand-800"
        >
          {chip.label}
          <button
            type="button"
            onClick={() => onChange(chip.clear)}
            aria-label={`Remove ${chip.label}`}
            className="inline-flex size-7 items-center justify-center rounded-full hover:bg-brand-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
