import { AlertTriangle } from "lucide-react";
import { formatUsd } from "../../../../core/money";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

/** Asks before a bid goes out: bids are final (DECISIONS.md). */
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
  return (
    <ConfirmDialog
      open={open}
      title="Confirm your bid"
      confirmLabel="Confirm Bid"
      pendingLabel="Placing bid..."
      confirmVariant="accent"
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <div className="flex flex-col gap-3">
        <p>
          You are about to bid <strong>{formatUsd(amountCents)}</strong> on “{listingTitle}”.
        </p>
        {maxAmountCents !== null && (
          <p className="text-sm">
            We will bid for you up to <strong>{formatUsd(maxAmountCents)}</strong>, only as much as
            needed to keep you in the lead.
          </p>
        )}
        <p className="flex items-start gap-2 rounded-lg bg-coral-50 p-3 text-sm text-coral-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Bids are final: once placed, a bid cannot be undone.
        </p>
      </div>
    </ConfirmDialog>
  );
}
