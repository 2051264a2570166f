import { describeApprox } from "../../../core/currencies";
import { formatMoney, US_MARK } from "../../../core/money";
import { cn } from "../../lib/cn";
import { useDisplayCurrency } from "../../lib/display-currency";

/**
 * A US dollar amount marked as such (issue 29): "US $40.99". The amount is its own element, so a
 * search for "$40.99" still finds exactly the amount; formatUsd is the same text as a string.
 */
export function UsdAmount({ cents }: { cents: number }) {
  return (
    <>
      {US_MARK} <span>{formatMoney(cents)}</span>
    </>
  );
}

/**
 * "(approx. JMD 6,450)" in the buyer's display currency, its rate and date on hover; nothing in
 * US dollars or before the rate has loaded. Display only: never an amount anyone is charged.
 */
export function ApproxPrice({ cents, className }: { cents: number; className?: string }) {
  const { currency, rate } = useDisplayCurrency();
  if (currency === "USD" || rate === null) return null;
  const approx = describeApprox(cents, { currency, rate: rate.rate, asOf: rate.asOf }, new Date());
  return (
    <span
      className={cn("text-xs font-normal whitespace-nowrap text-slate-700", className)}
      title={approx.title}
    >
      ({approx.text})
    </span>
  );
}

/** "US $40.99 (approx. JMD 6,450)": the marked amount with its approximation beside it. */
export function UsdPrice({ cents, approxClassName }: { cents: number; approxClassName?: string }) {
  return (
    <>
      <UsdAmount cents={cents} /> <ApproxPrice cents={cents} className={approxClassName} />
    </>
  );
}
