import { AlertTriangle } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { formatMoney } from "../../../../core/money";
import { Button } from "../../../components/ui/button";

/**
 * Asks before a bid goes out: bids are final (DECISIONS.md). A native modal <dialog> gives
 * focus trapping and Escape for free.
 */
export function BidConfirmDialog({
  open,
  amountCents,
  maxAmountCents = null,
  listingTitle,
  pending = false,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  amountCents: number;
  /** The proxy maximum, when the bidder set one. */
  maxAmountCents?: number | null;
  listingTitle: string;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onCancel}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-950/50"
    >
      <div className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          Confirm your bid
        </h2>
        <div id={textId} className="flex flex-col gap-3 text-slate-800">
          <p>
            You are about to bid <strong>{formatMoney(amountCents)}</strong> on “{listingTitle}”.
          </p>
          {maxAmountCents !== null && (
            <p className="text-sm">
              We will bid for you up to <strong>{formatMoney(maxAmountCents)}</strong>, only as much
              as needed to keep you in the lead.
            </p>
          )}
          <p className="flex items-start gap-2 rounded-lg bg-coral-50 p-3 text-sm text-coral-900">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Bids are final: once placed, a bid cannot be undone.
          </p>
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="accent" onClick={onConfirm} disabled={pending}>
            {pending ? "Placing bid..." : "Confirm Bid"}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
