import { pluralize } from "../../../lib/format";
import { useBidHistory } from "../api/get-bid-history";
import { BidHistoryTable } from "./bid-history-table";

/** The latest five bids, newest first, and the way to the whole history. */
export function BidHistory({
  listingId,
  onShowAll,
}: {
  listingId: string;
  /** Opens the whole history. */
  onShowAll?: () => void;
}) {
  const query = useBidHistory(listingId);
  return (
    <section aria-labelledby="bid-history" className="flex flex-col gap-3">
      <h2 id="bid-history" className="text-lg font-semibold text-slate-900">
        Bid History
      </h2>
      {query.isPending ? (
        <p className="text-sm text-slate-700">Loading bids...</p>
      ) : query.isError ? (
        <p className="text-sm text-slate-700">We couldn't load the bid history.</p>
      ) : query.data.items.length === 0 ? (
        <p className="text-sm text-slate-700">No bids yet</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-sand-200 bg-white">
            <BidHistoryTable bids={query.data.items} labelledBy="bid-history" />
          </div>
          {onShowAll && (
            <button
              type="button"
              onClick={onShowAll}
              aria-haspopup="dialog"
              className="w-fit text-sm font-medium text-brand-800 underline hover:text-brand-900"
            >
              See all {pluralize(query.data.total, "bid")}
            </button>
          )}
        </>
      )}
    </section>
  );
}
