import { MessageSquareReply } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_REVISION_DAYS,
  type LineFeedback,
} from "../../../../core/contracts/feedback";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { FormActions } from "../../../components/ui/form-actions";
import { Modal } from "../../../components/ui/modal";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useRequestRevision } from "../api/request-revision";

function RequestRevisionDialog({
  feedbackId,
  buyerName,
  onClose,
}: {
  feedbackId: string;
  buyerName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const messageId = useId();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ask = useRequestRevision();
  return (
    <Modal open onClose={onClose} labelledBy={titleId}>
      <form
        noValidate
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          ask.mutate(
            { feedbackId, input: { message: message.trim() } },
            {
              onSuccess: () => {
                toast.success(`We asked ${buyerName} to revise their feedback.`);
                onClose();
              },
              onError: (failure) =>
                setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
            },
          );
        }}
      >
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold">
            Ask buyer to revise feedback
          </h2>
          <p className="text-sm text-slate-700">
            You can ask once. {buyerName} may then revise their feedback once within{" "}
            {FEEDBACK_REVISION_DAYS} days, or leave it as it is.
          </p>
        </div>
        {error && (
          <p
            role="alert"
            className="rounded-lg bg-coral-50 px-3 py-2 text-sm font-medium text-coral-800"
          >
            {error}
          </p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={messageId} className="text-sm font-semibold">
            Message to the buyer (optional)
          </label>
          <textarea
            id={messageId}
            value={message}
            maxLength={FEEDBACK_COMMENT_MAX}
            rows={4}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="Say what you did to put things right"
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
          />
        </div>
        <FormActions
          onCancel={onClose}
          pending={ask.isPending}
          submitLabel="Send request"
          pendingLabel="Sending..."
        />
      </form>
    </Modal>
  );
}

/**
 * On the order page, beside the buyer's neutral or negative feedback: "Ask buyer to revise
 * feedback" while the seller may (once, within 30 days of it), and once asked, when.
 */
export function RequestRevision({
  feedback,
  buyerName,
}: {
  feedback: LineFeedback;
  buyerName: string;
}) {
  const [open, setOpen] = useState(false);
  if (feedback.revisionRequest && !feedback.revisedAt)
    return (
      <p className="text-sm text-slate-700">
        You asked {buyerName} to revise this feedback on{" "}
        {formatDateTime(feedback.revisionRequest.requestedAt)}.
      </p>
    );
  if (!feedback.canRequestRevision) return null;
  return (
    <div>
      <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <MessageSquareReply aria-hidden="true" className="size-4" />
        Ask buyer to revise feedback
      </Button>
      {open && (
        <RequestRevisionDialog
          feedbackId={feedback.id}
          buyerName={buyerName}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
