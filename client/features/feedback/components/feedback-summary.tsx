import {
  FEEDBACK_RATING_LABELS,
  type FeedbackRating,
  type LineFeedback,
} from "../../../../core/contracts/feedback";
import { formatDateTime } from "../../../../core/time";
import { cn } from "../../../lib/cn";
import { Stars } from "./stars";

const RATING_CLASS: Record<FeedbackRating, string> = {
  positive: "bg-emerald-50 text-emerald-800 border-emerald-200",
  neutral: "bg-sand-100 text-slate-800 border-sand-300",
  negative: "bg-coral-50 text-coral-800 border-coral-200",
};

export function RatingPill({ rating }: { rating: FeedbackRating }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold",
        RATING_CLASS[rating],
      )}
    >
      {FEEDBACK_RATING_LABELS[rating]}
    </span>
  );
}

/** Feedback already left on a line: rating, stars, comment, date and the reply, if any. */
export function FeedbackSummary({
  feedback,
  heading,
  replyHeading = "Reply",
}: {
  feedback: LineFeedback;
  heading: string;
  replyHeading?: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-sand-200 bg-sand-50 px-3 py-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{heading}</span>
        <RatingPill rating={feedback.rating} />
        {feedback.stars !== null && <Stars value={feedback.stars} />}
        <span className="text-xs text-slate-700">{formatDateTime(feedback.createdAt)}</span>
        {feedback.revisedAt && (
          <span className="text-xs font-semibold text-slate-700">
            Revised {formatDateTime(feedback.revisedAt)}
          </span>
        )}
      </p>
      {feedback.removedAt && (
        <p className="text-sm font-medium text-coral-800">
          Removed by our staff: it no longer counts in the seller's feedback.
        </p>
      )}
      {feedback.comment && <p className="break-words text-slate-800">{feedback.comment}</p>}
      {feedback.reply && (
        <p className="break-words border-l-2 border-brand-300 pl-2 text-slate-800">
          <span className="font-semibold">{replyHeading}: </span>
          {feedback.reply}
        </p>
      )}
    </div>
  );
}
