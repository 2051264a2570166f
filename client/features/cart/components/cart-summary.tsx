import type { ReactNode } from "react";
import type { OrderTotals as Totals } from "../../../../core/contracts/buying";
import { FormAlert } from "../../../components/ui/form-alert";
import { OrderSummary } from "../../../components/ui/order-totals";

/** Order Summary: Subtotal, Shipping, Tax, Total and Proceed to Checkout (spec). */
export function CartSummary({
  totals,
  count,
  processing,
  disabled,
  alert,
  onCheckout,
  footer,
  destination,
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
  /** The Deliver to chooser: the shipping shown and charged is for it. */
  destination?: ReactNode;
}) {
  return (
    <OrderSummary
      id="order-summary"
      totals={totals}
      itemCount={count}
      notice={
        <>
          {destination}
          <FormAlert>{alert}</FormAlert>
        </>
      }
      actionLabel="Proceed to Checkout"
      processing={processing}
      disabled={disabled}
      onAction={onCheckout}
    >
      {footer}
    </OrderSummary>
  );
}
