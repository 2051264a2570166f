import { useId, useState } from "react";
import { toast } from "sonner";
import {
  LISTING_REPORT_REASONS,
  REPORT_REASON_LABELS,
  USER_REPORT_REASONS,
} from "../../../../core/contracts/admin";
import { Button } from "../../../components/ui/button";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useModalDialog } from "../../../lib/use-modal-dialog";
import { useCreateReport } from "../api/create-report";

export const REPORT_THANKS = "Thanks. Our moderators will review your report.";
const COMMENT_MAX = 1000;

export interface ReportTarget {
  kind: "listing" | "user";
  id: string;
  /** The listing's title or the user's name, for the dialog's words. */
  name: string;
}

/** Reports a listing or a user's store: a reason and an optional comment, for the moderators. */
export function ReportDialog({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: ReportTarget;
  onClose: () => void;
}) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  const commentId = useId();
  const errorId = useId();
  const [reason, setReason] = useState("");
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();
  const reasons: readonly string[] =
    target.kind === "listing" ? LISTING_REPORT_REASONS : USER_REPORT_REASONS;
  const title = target.kind === "listing" ? "Report this listing" : `Report ${target.name}`;

  const close = () => {
    setReason("");
    setComment("");
    setError(null);
    onClose();
  };

  const send = () => {
    if (!reason) {
      setError("Choose a reason");
      return;
    }
    const input =
      target.kind === "listing"
        ? {
            subjectKind: "listing" as const,
            subjectId: target.id,
            reason: reason as (typeof LISTING_REPORT_REASONS)[number],
            comment: comment.trim(),
          }
        : {
            subjectKind: "user" as const,
            subjectId: target.id,
            reason: reason as (typeof USER_REPORT_REASONS)[number],
            comment: comment.trim(),
          };
    report.mutate(input, {
      onSuccess: () => {
        toast.success(REPORT_THANKS);
        close();
      },
      onError: (failure) =>
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
    });
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
          send();
        }}
      >
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <p className="text-sm text-slate-700">
          {target.kind === "listing"
            ? `Tell us what is wrong with "${target.name}".`
            : `Tell us what is wrong with ${target.name}'s store or behaviour.`}{" "}
          Our moderators review every report; the other party is not told who sent it.
        </p>
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-1 text-sm font-semibold">Reason</legend>
          {reasons.map((value) => (
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
              {REPORT_REASON_LABELS[value] ?? value}
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
