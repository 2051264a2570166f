import type { OrderTotals as Totals } from "../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../core/money";
import { cn } from "../../lib/cn";
import { pluralize } from "../../lib/format";

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
      <div className="mt-2 flex justify-between gap-4 border-t border-sand-200 pt-3 text-lg font-bold text-slate-900">
        <dt>Total</dt>
        <dd className="tabular-nums">{amount(totals?.totalCents)}</dd>
      </div>
    </dl>
  );
}
