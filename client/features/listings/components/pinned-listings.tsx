import { type ReactNode, useId } from "react";
import type { ListingCard } from "../../../../core/contracts/browse";

/**
 * The Featured upgrade's block above the first page of results (the API's `pinned`, at most 3):
 * its own list, so the page's results below keep their count and order.
 */
export function PinnedListings({
  items,
  renderList,
}: {
  items: readonly ListingCard[] | undefined;
  /** The cards in the results' own grid. */
  renderList: (items: readonly ListingCard[]) => ReactNode;
}) {
  const headingId = useId();
  if (!items || items.length === 0) return null;
  return (
    <section
      data-pinned
      aria-labelledby={headingId}
      className="mb-5 rounded-xl border border-amber-200 bg-amber-50 p-2 sm:p-4"
    >
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-slate-900 sm:mb-3">
        Featured listings
      </h2>
      {renderList(items)}
    </section>
  );
}
