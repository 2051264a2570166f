import { type ReactNode, useId, useState } from "react";
import { actionReasonSchema } from "../../../../core/contracts/admin";
import type { ButtonVariant } from "../../../components/ui/button";
import { FormActions } from "../../../components/ui/form-actions";
import { Modal } from "../../../components/ui/modal";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";

/**
 * Every staff action asks why: the reason is recorded in the audit log and emailed to the user it
 * concerns. `children` are any further fields (a refund's amount); `validate` checks them.
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  confirmVariant = "primary",
  pending,
  onCancel,
  onConfirm,
  children,
  validate,
  reasonLabel = "Reason (sent to the user)",
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  pending: boolean;
  onCancel: () => void;
  /** Resolves when done; a thrown ApiError's message is shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
  children?: ReactNode;
  validate?: () => string | null;
  reasonLabel?: string;
}) {
  const titleId = useId();
  const textId = useId();
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason("");
    setError(null);
    onCancel();
  };

  const submit = async () => {
    const parsed = actionReasonSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please give a reason");
      return;
    }
    const invalid = validate?.();
    if (invalid) {
      setError(invalid);
      return;
    }
    try {
      await onConfirm(parsed.data.reason);
      setReason("");
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE);
    }
  };

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} describedBy={textId}>
      <form
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <div id={textId} className="text-sm text-slate-700">
          {description}
        </div>
        {children}
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-semibold">
            {reasonLabel}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={2000}
            // Checked here rather than by the browser, so the message is ours and announced.
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            rows={3}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
          />
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-coral-800">
            {error}
          </p>
        )}
        <FormActions
          onCancel={close}
          pending={pending}
          submitLabel={confirmLabel}
          pendingLabel="Saving..."
          variant={confirmVariant}
        />
      </form>
    </Modal>
  );
}
