import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { Order } from "../../../../core/contracts/buying";
import { formatMoney } from "../../../../core/money";
import { buttonClasses } from "../../../components/ui/button";
import { OrderTotals } from "../../../components/ui/order-totals";
import { Spinner } from "../../../components/ui/spinner";
import { pluralize } from "../../../lib/format";
import { ReviewItems } from "./order-review";

/** The spec's purchase toasts, once per order and outcome. */
function usePurchaseToast(order: Order) {
  const told = useRef<string | null>(null);
  useEffect(() => {
    const key = `${order.id}:${order.status}`;
    if (told.current === key || order.status === "pending") return;
    told.current = key;
    if (order.status !== "paid") {
      toast.error("There was an error processing your purchase.");
      return;
    }
    const [only] = order.items;
    toast.success(
      order.items.length === 1 && only
        ? `You have purchased "${only.title}" for ${formatMoney(order.totalCents)}. Thank you!`
        : `Thank you! Your payment of ${formatMoney(order.totalCents)} was received.`,
    );
  }, [order]);
}

function Links() {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/my/purchases" className={buttonClasses("primary", "lg")}>
        View your purchases
      </Link>
      <Link to="/listings" className={buttonClasses("outline", "lg")}>
        Continue Shopping
      </Link>
    </div>
  );
}

/**
 * After the hosted payment page: "Thank you" once the payment is confirmed (the provider's webhook
 * may land a moment after the buyer does), "Confirming your payment..." until then.
 */
export function CheckoutSuccess({ order, gaveUp }: { order: Order; gaveUp: boolean }) {
  usePurchaseToast(order);
  if (order.status === "cancelled" || order.status === "expired") {
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        <XCircle aria-hidden="true" className="size-12 text-slate-600" />
        <h1 className="text-2xl font-bold text-slate-900">This order was not paid</h1>
        <p className="text-slate-700">
          Order #{order.number} was {order.status === "expired" ? "not paid in time" : "cancelled"}.
          Nothing was charged.
        </p>
        <Links />
      </div>
    );
  }

  if (order.status === "pending") {
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        {gaveUp ? (
          <>
            <Clock aria-hidden="true" className="size-12 text-amber-700" />
            <h1 className="text-2xl font-bold text-slate-900">
              We're still confirming your payment
            </h1>
            <p role="status" className="max-w-md text-slate-700">
              It can take a minute. Order #{order.number} will show as paid in your purchases as
              soon as the payment is confirmed.
            </p>
            <Links />
          </>
        ) : (
          <>
            <h1 className="sr-only">Order #{order.number}</h1>
            <Spinner label="Confirming your payment..." showLabel />
          </>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-2 text-center">
        <CheckCircle2 aria-hidden="true" className="size-14 text-emerald-700" />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Thank you for your order!</h1>
        <p role="status" className="text-slate-700">
          Your payment was received. Order number{" "}
          <span className="font-mono font-semibold text-slate-900">#{order.number}</span>
        </p>
      </div>
      <section
        aria-labelledby="order-details"
        className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      >
        <h2 id="order-details" className="text-lg font-bold text-slate-900">
          {pluralize(order.itemCount, "item")}
        </h2>
        <ReviewItems
          items={order.items.map((item) => ({
            listingId: item.listingId,
            title: item.title,
            imageUrl: item.imageUrl,
            quantity: item.quantity,
            unitPriceCents: item.unitPriceCents,
            shippingCents: item.shippingCents,
          }))}
        />
        <OrderTotals totals={order} className="border-t border-sand-200 pt-4" />
      </section>
      <Links />
    </div>
  );
}
