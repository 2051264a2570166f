import { X } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { pluralize } from "../../../lib/format";
import { useModalDialog } from "../../../lib/use-modal-dialog";
import { useFullBidHistory } from "../api/get-bid-history";
import { BidHistoryPages } from "./bid-history-pages";
import { BidderPrivacyNote } from "./bidder-privacy-note";

/**
 * The whole bid history in a modal <dialog> (what "N bids" opens): newest first, a page at a
 * time, bidders named as the page names them.
 */
export function FullBidHistoryDialog({
  listingId,
  listingTitle,
  viewerIsSeller,
  open,
  onClose,
}: {
  listingId: string;
  listingTitle: string;
  /** The seller is sent every bidder's name in full; the note says so. */
  viewerIsSeller: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  const history = useFullBidHistory(listingId, open);
  const total = history.data?.pages[0]?.total ?? 0;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        if (open) onClose();
      }}
      className="m-auto max-h-[min(44rem,calc(100dvh-2rem))] w-[min(40rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-0 text-base text-slate-900 shadow-2xl backdrop:bg-slate-950/50 [--focus-ring:var(--color-brand-600)]"
    >
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={titleId} className="text-xl font-bold text-slate-900">
              Bid history
            </h2>
            <p className="truncate text-sm text-slate-700">{listingTitle}</p>
            {history.data && (
              <p className="text-sm font-semibold text-slate-900">{pluralize(total, "bid")}</p>
            )}
          </div>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close bid history">
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
        <BidderPrivacyNote viewerIsSeller={viewerIsSeller} />
        <BidHistoryPages history={history} labelledBy={titleId} />
      </div>
    </dialog>
  );
}
