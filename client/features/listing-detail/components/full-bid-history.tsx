import { ArrowLeft } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { PageTitle } from "../../../components/ui/page-title";
import { pluralize } from "../../../lib/format";
import { useFullBidHistory } from "../api/get-bid-history";
import { useViewerIsSeller } from "../hooks/use-viewer-is-seller";
import { BidHistoryPages } from "./bid-history-pages";
import { BidderPrivacyNote } from "./bidder-privacy-note";

/**
 * An auction's whole bid history as a page (/listing/{id}/bids): every visible bid, newest first,
 * a page at a time, bidders named as the listing page names them.
 */
export function FullBidHistory({ listing }: { listing: ListingDetail }) {
  const titleId = useId();
  const viewerIsSeller = useViewerIsSeller(listing);
  const history = useFullBidHistory(listing.id, true);
  const total = history.data?.pages[0]?.total ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8">
      <PageTitle title={`Bid history: ${listing.title}`} />
      <Link
        to={`/listing/${listing.id}`}
        className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
        <span className="break-words">Back to {listing.title}</span>
      </Link>
      <div className="flex flex-col gap-1">
        <h1 id={titleId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Bid history
        </h1>
        {history.data && (
          <p className="text-sm font-semibold text-slate-900">{pluralize(total, "bid")}</p>
        )}
      </div>
      <BidderPrivacyNote viewerIsSeller={viewerIsSeller} />
      <BidHistoryPages history={history} labelledBy={titleId} />
    </div>
  );
}
