import { AlertCircle } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "../../../../core/money";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { usePaymentsSummary } from "../api/seller-payments-api";
import { formatDay, Panel, SignedMoney } from "./money-parts";

const ONBOARDING_LABELS = {
  not_started: "Not set up",
  pending: "Setup not finished",
  enabled: "Ready for payouts",
} as const;

/** Available, pending and on hold; the next payout; and, when money waits, why. */
export function PaymentsSummary() {
  const summary = usePaymentsSummary();
  return (
    <Panel id="summary-heading" title="Summary">
      {summary.isPending ? (
        <Spinner label="Loading your balances..." showLabel />
      ) : summary.isError ? (
        <ErrorState
          message="We couldn't load your balances."
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {(
              [
                ["Available", summary.data.availableCents, "Yours to be paid out."],
                ["Pending", summary.data.pendingCents, "Sales waiting for their hold period."],
                ["On hold", summary.data.onHoldCents, "Held while your payouts are on hold."],
              ] as const
            ).map(([term, cents, hint]) => (
              <div
                key={term}
                className="rounded-lg border border-sand-200 bg-sand-50 p-4"
                data-testid={`balance-${term.toLowerCase().replace(" ", "-")}`}
              >
                <dt className="text-sm font-semibold text-slate-700">{term}</dt>
                <dd className="mt-1 text-2xl font-bold text-slate-900">
                  <SignedMoney cents={cents} />
                </dd>
                <dd className="mt-1 text-xs text-slate-700">{hint}</dd>
              </div>
            ))}
          </dl>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold text-slate-700">Next payout</dt>
              <dd className="text-slate-900" data-testid="next-payout">
                {summary.data.nextPayout
                  ? `${formatMoney(summary.data.nextPayout.amountCents)} on ${formatDay(summary.data.nextPayout.date)}`
                  : "None scheduled"}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-700">Payout setup</dt>
              <dd className="text-slate-900">
                {ONBOARDING_LABELS[summary.data.onboarding]}
                {summary.data.onboarding !== "enabled" && (
                  <>
                    {" "}
                    <Link
                      to="/my/payments?tab=settings"
                      className="font-semibold text-brand-700 underline"
                    >
                      Set up payouts
                    </Link>
                  </>
                )}
              </dd>
            </div>
          </dl>
          {summary.data.waitingReason && (
            <p
              className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="waiting-reason"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {summary.data.waitingReason}
            </p>
          )}
        </>
      )}
    </Panel>
  );
}
