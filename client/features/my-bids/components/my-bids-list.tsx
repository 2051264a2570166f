import { Gavel } from "lucide-react";
import { Link } from "react-router";
import type { MyBid } from "../../../../core/contracts/bidding";
import { formatMoney, formatUsd } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { buttonClasses } from "../../../components/ui/button";
import { ItemHead, ItemRow } from "../../../components/ui/item-row";
import { Thumbnail } from "../../../components/ui/thumbnail";

const LOST = { label: "Lost", className: "bg-slate-200 text-slate-800" };
const STATUS: Record<string, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-emerald-100 text-emerald-900" },
  outbid: { label: "Outbid", className: "bg-amber-100 text-amber-900" },
  won: { label: "Won", className: "bg-brand-100 text-brand-900" },
  lost: LOST,
};

/** The spec: active, won and outbid read as such; anything else displays as Lost. */
function statusOf(status: string) {
  return STATUS[status] ?? LOST;
}

function MyBidRow({ bid }: { bid: MyBid }) {
  const status = statusOf(bid.status);
  const href = `/listing/${bid.listing.id}`;
  const running = !bid.listing.ended;
  return (
    <ItemRow
      thumbnail={
        <Thumbnail
          src={bid.listing.image?.thumbUrl}
          size="lg"
          href={href}
          width={bid.listing.image?.width}
          height={bid.listing.image?.height}
          lazy
        />
      }
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <ItemHead href={href} title={bid.listing.title} status={status} />
        <p className="text-sm text-slate-800">
          Your bid: <span className="font-semibold">{formatUsd(bid.amountCents)}</span>
          {bid.maxAmountCents !== null && bid.maxAmountCents > bid.amountCents && (
            <span className="text-slate-700"> (max {formatMoney(bid.maxAmountCents)})</span>
          )}
        </p>
        <p className="text-sm text-slate-700">Placed: {formatDateTime(bid.placedAt)}</p>
        {/* While the auction runs a bid is active or outbid; an outbid bidder needs its end and a way back most. */}
        {running && (
          <p className="text-sm text-slate-700">
            Auction ends: {formatDateTime(bid.listing.endsAt)}
          </p>
        )}
        {running && bid.status === "outbid" && (
          <Link
            to={href}
            aria-label={`Bid again on ${bid.listing.title}`}
            className="self-start text-sm font-semibold text-brand-800 underline hover:text-brand-900"
          >
            Bid again
          </Link>
        )}
        {bid.payOrderId && (
          <Link
            to={`/checkout?order=${bid.payOrderId}`}
            aria-label={`Pay now for ${bid.listing.title}`}
            className={buttonClasses("accent", "sm", "mt-1 self-start")}
          >
            Pay now
          </Link>
        )}
      </div>
    </ItemRow>
  );
}

/** The signed-in user's bids, each with its listing and standing. */
export function MyBidsList({ bids }: { bids: MyBid[] }) {
  return (
    <ul aria-label="Your bids" className="flex flex-col gap-3">
      {bids.map((bid) => (
        <MyBidRow key={bid.id} bid={bid} />
      ))}
    </ul>
  );
}

export function MyBidsEmpty() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <Gavel aria-hidden="true" className="size-10 text-brand-600" />
      <p className="text-lg font-semibold text-slate-900">You haven't placed any bids yet</p>
      <Link to="/listings" className="font-semibold text-brand-800 underline hover:text-brand-900">
        Browse auctions
      </Link>
    </div>
  );
}
