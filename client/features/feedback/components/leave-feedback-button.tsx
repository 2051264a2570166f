import { MessageSquarePlus, PencilLine, Star } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import {
  DETAILED_RATING_LABELS,
  DETAILED_RATINGS,
  type DetailedRatings,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_RATING_LABELS,
  FEEDBACK_RATINGS,
  type FeedbackRating,
} from "../../../../core/contracts/feedback";
import { Button } from "../../../components/ui/button";
import { FormActions } from "../../../components/ui/form-actions";
import { Modal } from "../../../components/ui/modal";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useLeaveFeedback } from "../api/leave-feedback";
import { useReviseFeedback } from "../api/revise-feedback";

interface Target {
  orderId: string;
  lineId: string;
  /** The item's title, for the dialog's "about" line. */
  title: string;
  /** Who the feedback is about. */
  subjectName: string;
  /** The buyer rates the seller with stars; the seller leaves the buyer positive feedback only. */
  as: "buyer" | "seller";
}

/** The buyer's one revision of feedback the seller asked about: what it says now, and the ask. */
interface Revision {
  feedbackId: string;
  rating: FeedbackRating;
  stars: number;
  comment: string;
  /** The seller's message with the request, if any. */
  sellerMessage: string;
}

const STAR_WORDS = ["", "Terrible", "Poor", "OK", "Good", "Excellent"];

function StarPicker({
  value,
  onChange,
  invalid,
  size = "size-8",
  showWord = true,
}: {
  value: number;
  onChange: (stars: number) => void;
  invalid: boolean;
  size?: string;
  /** The chosen star's word beside the stars (each star's label says it to screen readers). */
  showWord?: boolean;
}) {
  const name = useId();
  return (
    <div className="flex items-center gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <label
          key={n}
          className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
        >
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            aria-invalid={invalid || undefined}
            className="sr-only"
          />
          <Star
            aria-hidden="true"
            className={cn(
              size,
              n <= value ? "fill-amber-500 text-amber-600" : "fill-none text-slate-500",
            )}
          />
          <span className="sr-only">
            {n} {n === 1 ? "star" : "stars"} ({STAR_WORDS[n]})
          </span>
        </label>
      ))}
      {showWord && value > 0 && (
        <span className="ml-2 text-sm text-slate-700">{STAR_WORDS[value]}</span>
      )}
    </div>
  );
}

/** The buyer's optional detailed seller ratings, one star row each. */
function DetailedPicker({
  value,
  onChange,
}: {
  value: DetailedRatings;
  onChange: (next: DetailedRatings) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">Detailed seller ratings (optional)</legend>
      {DETAILED_RATINGS.map((key) => (
        <fieldset
          key={key}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-sand-100 pt-1"
        >
          <legend className="float-left text-sm text-slate-800">
            {DETAILED_RATING_LABELS[key]}
          </legend>
          <StarPicker
            value={value[key] ?? 0}
            invalid={false}
            size="size-6"
            showWord={false}
            onChange={(n) => onChange({ ...value, [key]: n })}
          />
        </fieldset>
      ))}
    </fieldset>
  );
}

function LeaveFeedbackDialog({
  open,
  onClose,
  target,
  revision,
}: {
  open: boolean;
  onClose: () => void;
  target: Target;
  revision?: Revision;
}) {
  const titleId = useId();
  const commentId = useId();
  const buyer = target.as === "buyer";
  const [rating, setRating] = useState<FeedbackRating | "">(
    revision?.rating ?? (buyer ? "" : "positive"),
  );
  const [stars, setStars] = useState(revision?.stars ?? 0);
  const [comment, setComment] = useState(revision?.comment ?? "");
  const [detailed, setDetailed] = useState<DetailedRatings>({});
  const [errors, setErrors] = useState<{ rating?: string; stars?: string; form?: string }>({});
  const leave = useLeaveFeedback();
  const revise = useReviseFeedback();
  const pending = leave.isPending || revise.isPending;

  const close = () => {
    setErrors({});
    onClose();
  };

  return (
    <Modal open={open} onClose={close} labelledBy={titleId}>
      <form
        noValidate
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          const found: typeof errors = {};
          if (!rating) found.rating = "Choose positive, neutral or negative.";
          if (buyer && stars === 0) found.stars = "Choose from 1 to 5 stars.";
          setErrors(found);
          if (found.rating || found.stars || !rating) return;
          const callbacks = {
            onSuccess: () => {
              toast.success(
                revision ? "Thanks, your feedback is revised." : "Thanks, your feedback is posted.",
              );
              close();
            },
            onError: (failure: Error) =>
              setErrors({
                form: failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE,
              }),
          };
          if (revision)
            revise.mutate(
              {
                feedbackId: revision.feedbackId,
                input: { rating, stars, comment: comment.trim() },
              },
              callbacks,
            );
          else
            leave.mutate(
              {
                orderId: target.orderId,
                lineId: target.lineId,
                input: {
                  rating,
                  comment: comment.trim(),
                  ...(buyer ? { stars, detailed } : {}),
                },
              },
              callbacks,
            );
        }}
      >
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold">
            {revision ? "Revise feedback" : "Leave feedback"}
          </h2>
          <p className="text-sm text-slate-700">
            For <span className="font-semibold text-slate-900">{target.subjectName}</span> about{" "}
            <span className="font-semibold text-slate-900">{target.title}</span>
          </p>
          {revision && (
            <p className="text-sm text-slate-700">
              You can revise this feedback once.
              {revision.sellerMessage && (
                <>
                  {" "}
                  {target.subjectName} wrote: “{revision.sellerMessage}”
                </>
              )}
            </p>
          )}
        </div>
        {errors.form && (
          <p
            role="alert"
            className="rounded-lg bg-coral-50 px-3 py-2 text-sm font-medium text-coral-800"
          >
            {errors.form}
          </p>
        )}
        {buyer ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">How was this purchase?</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {FEEDBACK_RATINGS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="rating"
                    value={value}
                    checked={rating === value}
                    onChange={() => {
                      setRating(value);
                      setErrors((e) => ({ ...e, rating: undefined }));
                    }}
                    className="size-4 accent-brand-700"
                  />
                  {FEEDBACK_RATING_LABELS[value]}
                </label>
              ))}
            </div>
            {errors.rating && (
              <p role="alert" className="text-sm font-medium text-coral-800">
                {errors.rating}
              </p>
            )}
          </fieldset>
        ) : (
          <p className="text-sm text-slate-700">
            Sellers leave buyers positive feedback only, as on eBay.
          </p>
        )}
        {buyer && (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold">Rate the seller</legend>
            <StarPicker
              value={stars}
              invalid={Boolean(errors.stars)}
              onChange={(n) => {
                setStars(n);
                setErrors((e) => ({ ...e, stars: undefined }));
              }}
            />
            {errors.stars && (
              <p role="alert" className="text-sm font-medium text-coral-800">
                {errors.stars}
              </p>
            )}
          </fieldset>
        )}
        {buyer && !revision && <DetailedPicker value={detailed} onChange={setDetailed} />}
        <div className="flex flex-col gap-1">
          <label htmlFor={commentId} className="text-sm font-semibold">
            Comment (optional)
          </label>
          <textarea
            id={commentId}
            value={comment}
            maxLength={FEEDBACK_COMMENT_MAX}
            rows={4}
            aria-describedby={`${commentId}-count`}
            onChange={(event) => setComment(event.target.value)}
            placeholder={buyer ? "How was the item, the shipping, the seller?" : "Thank your buyer"}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
          />
          <p id={`${commentId}-count`} className="text-right text-xs text-slate-700">
            {comment.length}/{FEEDBACK_COMMENT_MAX}
          </p>
        </div>
        <FormActions
          onCancel={close}
          pending={pending}
          submitLabel={revision ? "Post revised feedback" : "Post feedback"}
          pendingLabel="Posting..."
        />
      </form>
    </Modal>
  );
}

/** "Leave feedback" on a paid line: opens the dialog for the buyer's or the seller's feedback. */
export function LeaveFeedbackButton({ size = "sm", ...target }: Target & { size?: "sm" | "md" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size={size} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        Leave feedback
      </Button>
      {open && <LeaveFeedbackDialog open={open} onClose={() => setOpen(false)} target={target} />}
    </>
  );
}

/**
 * "Revise feedback": the buyer's one revision, offered while the seller's request is open. It
 * opens the same dialog with the feedback as it stands.
 */
export function ReviseFeedbackButton({ revision, ...target }: Target & { revision: Revision }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <PencilLine aria-hidden="true" className="size-4" />
        Revise feedback
      </Button>
      {open && (
        <LeaveFeedbackDialog
          open={open}
          onClose={() => setOpen(false)}
          target={target}
          revision={revision}
        />
      )}
    </>
  );
}
