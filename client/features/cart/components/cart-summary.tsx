import type { ReactNode } from "react";
import type { OrderTotals } from "../../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../../core/money";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { pluralize } from "../../../lib/format";

/** Order Summary: Subtotal, Shipping, Tax, Total and Proceed to Checkout (spec). */
export function CartSummary({
  totals,
  count,
  processing,
  disabled,
  alert,
  onCheckout,
  footer,
}: {
  /** Null until the server has priced the cart. */
  totals: OrderTotals | null;
  /** Items the order would hold. */
  count: number;
  processing: boolean;
  disabled: boolean;
  alert: ReactNode;
  onCheckout: () => void;
  footer?: ReactNode;
}) {
  const amount = (cents: number | undefined, format = formatMoney) =>
    cents === undefined ? "—" : format(cents);
  return (
    <section
      aria-labelledby="order-summary"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm lg:sticky lg:top-4"
    >
      <h2 id="order-summary" className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <dl aria-busy={totals === null} className="flex flex-col gap-2 text-slate-800">
        <div className="flex justify-between gap-4">
          <dt>Subtotal ({pluralize(count, "item")})</dt>
          <dd className="font-medium tabular-nums">{amount(totals?.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Shipping</dt>
          <dd className="font-medium tabular-nums">
            {amount(totals?.shippingCents, formatShipping)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Tax</dt>
          <dd className="font-medium tabular-nums">{amount(totals?.taxCents)}</dd>
        </div>
        <div className="mt-2 flex justify-between gap-4 border-t border-sand-200 pt-3 text-lg font-bold text-slate-900">
          <dt>Total</dt>
          <dd className="tabular-nums">{amount(totals?.totalCents)}</dd>
        </div>
      </dl>
      <FormAlert>{alert}</FormAlert>
      <Button
        variant="accent"
        size="lg"
        className="w-full"
        disabled={processing || disabled}
        aria-busy={processing || undefined}
        onClick={onCheckout}
      >
        {processing ? "Processing..." : "Proceed to Checkout"}
      </Button>
      {footer}
    </section>
  );
}
