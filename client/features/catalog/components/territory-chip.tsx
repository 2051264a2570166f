import { X } from "lucide-react";
import type { Territory } from "../../../../core/contracts/browse";

/**
 * The territory narrowing a page's results, named, with a way to clear it (issue 10). The choice
 * is remembered for the visit (lib/territory-choice), so a page reached by a link that does not
 * name it (the header search, a category tile) is narrowed too: without the chip only a "Filter 1"
 * badge hinted at it. Nothing shows for every territory.
 */
export function TerritoryChip({
  territory,
  territories,
  onClear,
}: {
  /** A slug or id, or "" for every territory. */
  territory: string;
  territories: readonly Territory[] | undefined;
  onClear: () => void;
}) {
  if (!territory) return null;
  const name =
    territories?.find((t) => t.slug === territory || t.id === territory)?.name ?? territory;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>Showing listings in</span>
      {/* Named "Clear Guyana" by its text, not an aria-label: the page's Territory select keeps
          the only label that says "Territory". */}
      <button
        type="button"
        onClick={onClear}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-600 bg-brand-50 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-100"
      >
        <span className="sr-only">Clear </span>
        {name}
        <X aria-hidden="true" className="size-4" />
      </button>
    </p>
  );
}
