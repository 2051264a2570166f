import type { PayoutStatus } from "../../../../core/contracts/seller-payments";
import { formatMoney } from "../../../../core/money";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { usePayouts } from "../api/seller-payments-api";
import { formatDay, Panel } from "./money-parts";

const STATUS: Record<PayoutStatus, { label: string; className: string }> = {
  sending: { label: "Sending", className: "bg-sand-100 text-slate-800" },
  in_transit: { label: "On its way", className: "bg-brand-50 text-brand-900" },
  paid: { label: "Paid", className: "bg-emerald-50 text-emerald-900" },
  failed: { label: "Failed", className: "bg-coral-50 text-coral-900" },
};

/** The seller's payouts, newest first: amount, status, bank, arrival; a failure says why. */
export function PayoutsList() {
  const payouts = usePayouts();
  return (
    <Panel id="payouts-heading" title="Payouts">
      {payouts.isPending ? (
        <Spinner label="Loading your payouts..." showLabel />
      ) : payouts.isError ? (
        <ErrorState
          message="We couldn't load your payouts."
          onRetry={() => void payouts.refetch()}
        />
      ) : payouts.data.items.length === 0 ? (
        <p className="text-slate-700">
          No payouts yet. Your available balance is paid on your schedule.
        </p>
      ) : (
        <ul aria-label="Payouts" className="flex flex-col divide-y divide-sand-200">
          {payouts.data.items.map((payout) => (
            <li
              key={payout.id}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <span className="text-lg font-bold tabular-nums text-slate-900 sm:w-32">
                {formatMoney(payout.amountCents)}
              </span>
              <span
                className={cn(
                  "w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold",
                  STATUS[payout.status].className,
                )}
              >
                {STATUS[payout.status].label}
              </span>
              <span className="text-sm text-slate-700">
                {payout.bankLast4 ? `To the account ending ${payout.bankLast4}` : "To your bank"}
                {" · "}
                Sent {formatDay(payout.createdAt)}
                {payout.arrivalDate &&
                  payout.status !== "failed" &&
                  ` · ${payout.status === "paid" ? "Arrived" : "Arrives"} ${formatDay(payout.arrivalDate)}`}
              </span>
              {payout.status === "failed" && payout.failureReason && (
                <span className="text-sm text-coral-900">
                  {payout.failureReason} The money is back in your available balance.
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
