import { useId, useState } from "react";
import { toast } from "sonner";
import { FEEDBACK_REPLY_MAX } from "../../../../core/contracts/feedback";
import { Button } from "../../../components/ui/button";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useReplyToFeedback } from "../api/reply-to-feedback";

/** The seller's one reply to a buyer's feedback: a Reply button that opens a short form. */
export function ReplyToFeedback({ feedbackId }: { feedbackId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const reply = useReplyToFeedback();

  if (!open)
    return (
      <Button variant="ghost" size="sm" className="self-start" onClick={() => setOpen(true)}>
        Reply to feedback
      </Button>
    );

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const value = text.trim();
        if (!value) {
          setError("Write a reply first.");
          return;
        }
        reply.mutate(
          { id: feedbackId, reply: value },
          {
            onSuccess: () => toast.success("Your reply is posted."),
            onError: (failure) =>
              setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
          },
        );
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-semibold">
        Your reply (you can reply once)
      </label>
      <textarea
        id={fieldId}
        value={text}
        rows={2}
        maxLength={FEEDBACK_REPLY_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
      />
      {error && (
        <p id={`${fieldId}-error`} className="text-sm font-medium text-coral-800">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? "Posting..." : "Post reply"}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)} disabled={reply.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
