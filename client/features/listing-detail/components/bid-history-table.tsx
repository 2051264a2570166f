import type { BidHistoryItem } from "../../../../core/contracts/browse";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { BidderName } from "./bidder-name";

/** Bidder, Amount, Date: the page's latest five and the whole history use the same table. */
export function BidHistoryTable({
  bids,
  labelledBy,
}: {
  bids: readonly BidHistoryItem[];
  labelledBy: string;
}) {
  return (
    <table aria-labelledby={labelledBy} className="w-full text-left text-sm">
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
        {bids.map((bid) => (
          <tr
            key={`${bid.bidder.name}-${bid.placedAt}-${bid.amountCents}`}
            className="border-t border-sand-200"
          >
            <td className="px-4 py-2">
              <BidderName bidder={bid.bidder} />
            </td>
            <td className="px-4 py-2 font-semibold text-slate-900">
              {formatMoney(bid.amountCents)}
            </td>
            <td className="px-4 py-2 text-slate-700">{formatDateTime(bid.placedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
