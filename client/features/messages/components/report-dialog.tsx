import { useId, useState } from "react";
import { toast } from "sonner";
import { REPORT_REASONS } from "../../../../core/contracts/messages";
import { Button } from "../../../components/ui/button";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useModalDialog } from "../../../lib/use-modal-dialog";
import { type ReportInput, useReportConversation } from "../api/report-conversation";

const REASON_LABELS: Record<ReportInput["reason"], string> = {
  spam: "Spam",
  harassment: "Harassment or threats",
  scam: "Scam or fraud",
  prohibited_item: "Prohibited item",
  offensive: "Offensive content",
  other: "Something else",
};
const COMMENT_MAX = 1000;

/** Reports a conversation for moderation: a reason and an optional comment. */
export function ReportDialog({
  open,
  conversationId,
  otherName,
  onClose,
}: {
  open: boolean;
  conversationId: string;
  otherName: string;
  onClose: () => void;
}) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  const commentId = useId();
  const [reason, setReason] = useState<ReportInput["reason"] | "">("");
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = useReportConversation(conversationId);

  const close = () => {
    setReason("");
    setComment("");
    setError(null);
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={(event) => {
        if (event.target === event.currentTarget && open) close();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-base text-slate-900 shadow-2xl backdrop:bg-slate-950/50 [--focus-ring:var(--color-brand-600)]"
    >
      <form
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) {
            setError("Choose a reason");
            return;
          }
          report.mutate(
            { reason, comment: comment.trim() },
            {
              onSuccess: () => {
                toast.success("Thanks, we'll review this conversation.");
                close();
              },
              onError: (failure) =>
                toast.error(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
            },
          );
        }}
      >
        <h2 id={titleId} className="text-xl font-bold">
          Report conversation
        </h2>
        <p className="text-sm text-slate-700">
          Tell us what is wrong with your conversation with {otherName}. Our team reviews every
          report.
        </p>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">Reason</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
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
              {REASON_LABELS[value]}
            </label>
          ))}
          {error && (
            <p role="alert" className="text-sm font-medium text-coral-800">
              {error}
            </p>
          )}
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
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={close} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="accent" disabled={report.isPending}>
            {report.isPending ? "Sending report..." : "Send report"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
