import type { BidHistoryItem } from "../../../../core/contracts/browse";

/**
 * A bidder as a history names them: masked ("k***a") unless the viewer is the seller or the
 * bidder, with their feedback count, and "You" on the viewer's own bids.
 */
export function BidderName({ bidder }: { bidder: BidHistoryItem["bidder"] }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span className="font-medium text-slate-900">{bidder.name}</span>
      <span className="whitespace-nowrap text-slate-700">
        ({bidder.ratingCount}
        <span className="sr-only"> feedback</span>)
      </span>
      {bidder.isViewer && (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
          You
        </span>
      )}
    </span>
  );
}
