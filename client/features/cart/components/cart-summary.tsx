import type { ReactNode } from "react";
import type { OrderTotals as Totals } from "../../../../core/contracts/buying";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { OrderTotals } from "../../../components/ui/order-totals";

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
  totals: Totals | null;
  /** Items the order would hold. */
  count: number;
  processing: boolean;
  disabled: boolean;
  alert: ReactNode;
  onCheckout: () => void;
  footer?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="order-summary"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm lg:sticky lg:top-4"
    >
      <h2 id="order-summary" className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <OrderTotals totals={totals} itemCount={count} />
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
