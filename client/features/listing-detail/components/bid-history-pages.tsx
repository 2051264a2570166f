import { Button } from "../../../components/ui/button";
import type { useFullBidHistory } from "../api/get-bid-history";
import { BidHistoryTable } from "./bid-history-table";

/**
 * The bids of a whole history as loaded so far, and "Show more bids" while there are more: one
 * body for the bid-history page and the dialog the listing page opens, so both read alike.
 */
export function BidHistoryPages({
  history,
  labelledBy,
}: {
  history: ReturnType<typeof useFullBidHistory>;
  labelledBy: string;
}) {
  const bids = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {history.isPending ? (
        <p className="text-sm text-slate-700">Loading bids...</p>
      ) : history.isError ? (
        <p className="text-sm text-slate-700">We couldn't load the bid history.</p>
      ) : bids.length === 0 ? (
        <p className="text-sm text-slate-700">No bids yet</p>
      ) : (
        // Positioned, so a screen-reader-only text in a cell is placed in the scroll box and
        // never widens the page on a phone.
        <div className="relative overflow-x-auto rounded-xl border border-sand-200 bg-white">
          <BidHistoryTable bids={bids} labelledBy={labelledBy} />
        </div>
      )}
      {history.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? "Loading bids..." : "Show more bids"}
        </Button>
      )}
    </>
  );
}
