import { type ReactNode, useId, useState } from "react";
import { FormActions } from "./form-actions";
import { Modal } from "./modal";

const COMMENT_MAX = 1000;

/**
 * The form behind every "Report" (a listing, a store, a conversation): one reason from a list and
 * an optional comment, in a modal. The caller sends it and answers with an error's words or null;
 * the form is emptied when it closes, so the next report starts afresh.
 */
export function ReportFormDialog<Reason extends string>({
  open,
  title,
  description,
  reasons,
  pending,
  onSend,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  reasons: readonly { value: Reason; label: string }[];
  pending: boolean;
  /** Sends the report; resolves to the words to show when it failed, or null when it went. */
  onSend: (reason: Reason, comment: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const titleId = useId();
  const commentId = useId();
  const errorId = useId();
  const [reason, setReason] = useState<Reason | "">("");
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason("");
    setComment("");
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} width="md">
      <form
        className="flex flex-col gap-4 p-6"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!reason) {
            setError("Choose a reason");
            return;
          }
          const failure = await onSend(reason, comment.trim());
          if (failure === null) close();
          else setError(failure);
        }}
      >
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <p className="text-sm text-slate-700">{description}</p>
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-1 text-sm font-semibold">Reason</legend>
          {reasons.map(({ value, label }) => (
            <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
                className="size-4 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={commentId} className="text-sm font-semibold">
            Comment (optional)
          </label>
          <textarea
            id={commentId}
            value={comment}
            maxLength={COMMENT_MAX}
            onChange={(event) => setComment(event.target.value)}
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
          submitLabel="Send report"
          pendingLabel="Sending report..."
          variant="accent"
        />
      </form>
    </Modal>
  );
}
