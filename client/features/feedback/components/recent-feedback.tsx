import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { ReceivedFeedback } from "../../../../core/contracts/feedback";
import { formatDateTime } from "../../../../core/time";
import { ErrorState } from "../../../components/ui/error-state";
import { PagerButtons } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useUserFeedback } from "../api/get-user-feedback";
import { RatingPill } from "./feedback-summary";
import { Stars } from "./stars";

function FeedbackItem({ item, report }: { item: ReceivedFeedback; report?: ReportSlot }) {
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-sand-200 bg-white p-4 shadow-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <RatingPill rating={item.rating} />
        {item.stars !== null && <Stars value={item.stars} />}
        <span className="font-semibold text-slate-900">
          {item.author.name}
          <span className="font-normal text-slate-700"> ({item.author.feedbackCount})</span>
        </span>
        <span className="text-slate-700">{formatDateTime(item.createdAt)}</span>
        {item.revisedAt && <span className="font-semibold text-slate-700">Revised</span>}
      </p>
      {item.comment && <p className="break-words text-slate-900">{item.comment}</p>}
      <p className="text-sm text-slate-700">
        Item:{" "}
        <Link
          to={`/listing/${item.item.listingId}`}
          className="text-brand-800 underline-offset-2 hover:underline"
        >
          {item.item.title}
        </Link>
      </p>
      {item.reply && (
        <p className="mt-1 break-words border-l-2 border-brand-300 pl-3 text-sm text-slate-800">
          <span className="font-semibold">Seller's reply: </span>
          {item.reply}
        </p>
      )}
      {report && <div className="self-end">{report(item)}</div>}
    </li>
  );
}

/** A way to report one feedback, wired in by the page (the reports feature's button). */
type ReportSlot = (item: ReceivedFeedback) => ReactNode;

/**
 * The store page's recent feedback from buyers, newest first, authors masked ("k***a"); `report`
 * puts a Report link under each one.
 */
export function RecentFeedback({ sellerId, report }: { sellerId: string; report?: ReportSlot }) {
  const [page, setPage] = useState(1);
  const feedback = useUserFeedback(sellerId, page);
  const last = feedback.data
    ? Math.max(1, Math.ceil(feedback.data.total / feedback.data.pageSize))
    : 1;

  return (
    <section aria-labelledby="store-feedback" className="flex flex-col gap-3">
      <div>
        <h2 id="store-feedback" className="text-xl font-bold text-slate-900">
          Recent feedback
        </h2>
        {feedback.data && feedback.data.total > 0 && (
          <p className="text-sm text-slate-700">
            {pluralize(feedback.data.total, "rating")} from buyers
          </p>
        )}
      </div>
      {feedback.isPending ? (
        <Spinner label="Loading feedback..." showLabel />
      ) : feedback.isError ? (
        <ErrorState
          message="We couldn't load this seller's feedback."
          onRetry={() => void feedback.refetch()}
        />
      ) : feedback.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-sand-300 bg-white px-6 py-6 text-center text-slate-700">
          No feedback yet. This seller is new.
        </p>
      ) : (
        <>
          <ul
            aria-label="Feedback from buyers"
            className={cn("flex flex-col gap-3", feedback.isPlaceholderData && "opacity-60")}
          >
            {feedback.data.items.map((item) => (
              <FeedbackItem key={item.id} item={item} report={report} />
            ))}
          </ul>
          <PagerButtons
            label="Feedback pages"
            page={page}
            last={last}
            onPage={setPage}
            previousText="Newer"
            nextText="Older"
          />
        </>
      )}
    </section>
  );
}
