import { useId, useState } from "react";
import { toast } from "sonner";
import {
  type CancellationPart,
  MAX_CANCELLATION_REASON,
} from "../../../../core/contracts/cancellations";
import { formatMoney } from "../../../../core/money";
import { FormActions } from "../../../components/ui/form-actions";
import { Modal } from "../../../components/ui/modal";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useRequestCancellation } from "../api/cancellations";

/** The buyer's "Request cancellation" form: a reason for the seller, then the request is sent. */
export function RequestCancellationDialog({
  part,
  onClose,
}: {
  part: CancellationPart;
  onClose: () => void;
}) {
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ reason?: string; form?: string }>({});
  const request = useRequestCancellation();
  const items = part.items.map((i) => `${i.quantity} × ${i.title}`).join(", ");

  return (
    <Modal open={true} onClose={onClose} labelledBy={titleId}>
      <form
        noValidate
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setError({ reason: "Please tell the seller why you want to cancel." });
            return;
          }
          request.mutate(
            {
              orderId: part.orderId,
              input: { sellerId: part.seller.id, reason: reason.trim() },
            },
            {
              onSuccess: () => {
                toast.success(`Your request was sent to ${part.seller.username}.`);
                onClose();
              },
              onError: (failure) =>
                setError({
                  form: failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE,
                }),
            },
          );
        }}
      >
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold">
            Request cancellation
          </h2>
          <p className="text-sm text-slate-700">
            Ask <span className="font-semibold text-slate-900">{part.seller.username}</span> to
            cancel order #{part.number} ({items}). If they accept, {formatMoney(part.amountCents)}{" "}
            is refunded to your card.
          </p>
        </div>
        {error.form && (
          <p
            role="alert"
            className="rounded-lg bg-coral-50 px-3 py-2 text-sm font-medium text-coral-800"
          >
            {error.form}
          </p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-semibold">
            Reason for cancelling
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={MAX_CANCELLATION_REASON}
            rows={3}
            required
            aria-invalid={error.reason ? true : undefined}
            aria-describedby={error.reason ? `${reasonId}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError((e) => ({ ...e, reason: undefined }));
            }}
            placeholder="For example: I ordered the wrong size."
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
          />
          {error.reason && (
            <p id={`${reasonId}-error`} role="alert" className="text-sm font-medium text-coral-800">
              {error.reason}
            </p>
          )}
        </div>
        <FormActions
          onCancel={onClose}
          pending={request.isPending}
          submitLabel="Send request"
          pendingLabel="Sending..."
          cancelLabel="Keep order"
        />
      </form>
    </Modal>
  );
}
