import { Link } from "react-router";
import type { Order } from "../../../../core/contracts/buying";
import { formatDateTime } from "../../../../core/time";
import { Button, buttonClasses } from "../../../components/ui/button";
import { CancelUnpaidOrderDialog } from "./cancel-unpaid-order-dialog";
import { useCancelUnpaidOrderFlow } from "./use-cancel-unpaid-order";

/**
 * Purchase History's actions on an order awaiting payment: Pay now (the order review, whose
 * Continue to Payment resumes its open payment page or opens a new one) and, for a checkout order,
 * Cancel (its items are released at once). An auction win or an accepted offer has no Cancel:
 * either is a commitment to buy, so a buyer who can't pay contacts the seller
 * (unpaid-orders.service.ts).
 */
export function UnpaidOrderActions({ order }: { order: Order }) {
  const cancel = useCancelUnpaidOrderFlow();
  if (!order.canPay) return null;

  return (
    <div className="flex flex-col gap-2 sm:w-48">
      <Link to={`/checkout?order=${order.id}`} className={buttonClasses("accent", "md")}>
        Pay now
      </Link>
      {order.canCancel && (
        <Button variant="outline" onClick={() => cancel.ask(order)}>
          Cancel order
        </Button>
      )}
      <p className="text-sm text-slate-700">
        {order.source === "offer" && order.reservedUntil
          ? // An accepted offer binds like a win: no Cancel, and it lapses unpaid at its deadline.
            `Offer accepted: pay by ${formatDateTime(order.reservedUntil)}, or it lapses.`
          : order.reservedUntil
            ? `Reserved for you until ${formatDateTime(order.reservedUntil)}.`
            : order.source === "auction"
              ? "You won this auction. Can't pay? Contact the seller."
              : "Not paid yet: pay now while the items are still available."}
      </p>
      <CancelUnpaidOrderDialog {...cancel.dialog} />
    </div>
  );
}
