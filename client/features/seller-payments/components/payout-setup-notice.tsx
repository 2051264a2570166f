import { AlertCircle } from "lucide-react";
import { Link } from "react-router";
import { usePaymentsSummary } from "../api/seller-payments-api";

/**
 * For Selling: a seller may list and sell before setting up payouts, and the money waits until
 * they do; this says so, once there is money waiting. Nothing while loading or when set up.
 */
export function PayoutSetupNotice() {
  const summary = usePaymentsSummary();
  const data = summary.data;
  if (!data || data.onboarding === "enabled") return null;
  const waiting = data.availableCents + data.pendingCents + data.onHoldCents;
  if (waiting <= 0) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        The money from your sales waits until you set up payouts.{" "}
        <Link to="/my/payments?tab=settings" className="font-semibold underline">
          Set up payouts
        </Link>
      </span>
    </p>
  );
}
