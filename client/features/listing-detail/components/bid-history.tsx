import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { useBidHistory } from "../api/get-bid-history";

/** The latest five bids, newest first. */
export function BidHistory({ listingId }: { listingId: string }) {
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
        <div className="overflow-x-auto rounded-xl border border-sand-200 bg-white">
          <table aria-labelledby="bid-history" className="w-full text-left text-sm">
            <thead className="bg-sand-100 text-slate-800">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Bidder
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Amount
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Date
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((bid) => (
                <tr key={`${bid.placedAt}-${bid.amountCents}`} className="border-t border-sand-200">
                  <td className="px-4 py-2 text-slate-900">{bid.bidder.username}</td>
                  <td className="px-4 py-2 font-semibold text-slate-900">
                    {formatMoney(bid.amountCents)}
                  </td>
                  <td className="px-4 py-2 text-slate-700">{formatDateTime(bid.placedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
