import { Star } from "lucide-react";
import {
  DETAILED_RATING_LABELS,
  DETAILED_RATINGS_MINIMUM,
  type FeedbackProfile as Profile,
} from "../../../../core/contracts/feedback";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { pluralize } from "../../../lib/format";
import { useFeedbackProfile } from "../api/get-feedback-profile";
import { RatingPill } from "./feedback-summary";

const ROWS = ["positive", "neutral", "negative"] as const;

function monthsLabel(months: number) {
  return months === 1 ? "1 month" : `${months} months`;
}

function Figures({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <div className="flex flex-col gap-3">
        <p className="text-slate-900">
          {profile.percentPositive === null ? (
            <span className="font-semibold">
              No positive or negative feedback in the last 12 months
            </span>
          ) : (
            <>
              <span className="text-3xl font-bold" data-testid="percent-positive">
                {profile.percentPositive}%
              </span>{" "}
              <span className="font-semibold">positive feedback</span>
              <span className="block text-sm text-slate-700">in the last 12 months</span>
            </>
          )}
        </p>
        <table className="w-full text-sm">
          <caption className="sr-only">Feedback ratings by period</caption>
          <thead>
            <tr className="border-b border-sand-200 text-left text-slate-700">
              <th scope="col" className="py-1 pr-2 font-semibold">
                Rating
              </th>
              {profile.windows.map((w) => (
                <th key={w.months} scope="col" className="px-2 py-1 text-right font-semibold">
                  {monthsLabel(w.months)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((rating) => (
              <tr key={rating} className="border-b border-sand-100 last:border-0">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  <RatingPill rating={rating} />
                </th>
                {profile.windows.map((w) => (
                  <td key={w.months} className="px-2 py-1.5 text-right text-slate-900 tabular-nums">
                    {w[rating]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold text-slate-900">Detailed seller ratings</h3>
        <p className="text-xs text-slate-700">Average for the last 12 months</p>
        <ul aria-label="Detailed seller ratings" className="flex flex-col gap-1.5 text-sm">
          {profile.detailed.map((d) => (
            <li
              key={d.key}
              className="flex flex-wrap items-center justify-between gap-x-3 border-b border-sand-100 pb-1.5 last:border-0"
            >
              <span className="text-slate-800">{DETAILED_RATING_LABELS[d.key]}</span>
              {d.average === null ? (
                <span className="text-slate-700">
                  Not enough ratings yet ({d.count} of {DETAILED_RATINGS_MINIMUM})
                </span>
              ) : (
                <span className="inline-flex items-center gap-1">
                  <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                  <span className="font-semibold text-slate-900">{d.average.toFixed(1)}</span>
                  <span className="text-slate-700">out of 5 ({pluralize(d.count, "rating")})</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * A seller's feedback profile (decision 0024): percent positive over 12 months, positive, neutral
 * and negative for 1, 6 and 12 months, and the four detailed ratings' averages once there are 10.
 */
export function FeedbackProfile({ sellerId }: { sellerId: string }) {
  const profile = useFeedbackProfile(sellerId);
  return (
    <section
      aria-labelledby="feedback-profile"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="feedback-profile" className="text-xl font-bold text-slate-900">
        Feedback profile
      </h2>
      {profile.isPending ? (
        <Spinner label="Loading feedback profile..." showLabel />
      ) : profile.isError ? (
        <ErrorState
          message="We couldn't load this seller's feedback profile."
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <Figures profile={profile.data} />
      )}
    </section>
  );
}
