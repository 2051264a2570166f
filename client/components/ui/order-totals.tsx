import type { ReactNode } from "react";
import type { OrderTotals as Totals } from "../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../core/money";
import { cn } from "../../lib/cn";
import { pluralize } from "../../lib/format";
import { Button } from "./button";
import { ApproxPrice, UsdAmount } from "./usd-price";

/**
 * An order's Subtotal, Shipping, Tax and Total, in the spec's words, wherever an order is priced
 * (cart, review, confirmation). Null totals (not priced yet) show dashes and mark the list busy.
 */
export function OrderTotals({
  totals,
  itemCount,
  className,
}: {
  totals: Totals | null;
  /** The cart names how many items the subtotal covers: "Subtotal (3 items)". */
  itemCount?: number;
  className?: string;
}) {
  const amount = (cents: number | undefined, format = formatMoney) =>
    cents === undefined ? "—" : format(cents);
  const rows: [string, string][] = [
    [
      itemCount === undefined ? "Subtotal" : `Subtotal (${pluralize(itemCount, "item")})`,
      amount(totals?.subtotalCents),
    ],
    ["Shipping", amount(totals?.shippingCents, formatShipping)],
    ["Tax", amount(totals?.taxCents)],
  ];
  return (
    <dl aria-busy={totals === null} className={cn("flex flex-col gap-2 text-slate-800", className)}>
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4">
          <dt>{term}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="mt-2 flex flex-wrap justify-between gap-x-4 border-t border-sand-200 pt-3 text-lg font-bold text-slate-900">
        <dt>Total</dt>
        <dd className="text-right tabular-nums">
          {totals ? <UsdAmount cents={totals.totalCents} /> : "—"}
          {totals && <ApproxPrice cents={totals.totalCents} className="block text-sm" />}
        </dd>
      </div>
    </dl>
  );
}

/**
 * Checkout's word on currency (issue 29): approximations are only a guide; the charge is the US
 * dollar total, whatever currency the buyer reads prices in.
 */
export function PayInUsdNote() {
  return (
    <p className="text-sm text-slate-700">
      You'll pay in US dollars. Any approximate amount in another currency is a guide only; your
      card's bank sets the rate it charges you.
    </p>
  );
}

/**
 * The "Order Summary" panel beside an order's lines (cart, checkout review): its totals and the
 * button that moves the order on, busy while that step runs. `notice` stands between the two,
 * `children` below the button.
 */
export function OrderSummary({
  id,
  totals,
  itemCount,
  notice,
  actionLabel,
  processing,
  disabled,
  onAction,
  children,
}: {
  /** The heading's id, which names the panel. */
  id: string;
  totals: Totals | null;
  itemCount?: number;
  notice?: ReactNode;
  actionLabel: string;
  processing: boolean;
  disabled: boolean;
  onAction: () => void;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm lg:sticky lg:top-4"
    >
      <h2 id={id} className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <OrderTotals totals={totals} itemCount={itemCount} />
      {notice}
      <Button
        variant="accent"
        size="lg"
        className="w-full"
        disabled={processing || disabled}
        aria-busy={processing || undefined}
        onClick={onAction}
      >
        {processing ? "Processing..." : actionLabel}
      </Button>
      {children}
    </section>
  );
}
