import { Clock } from "lucide-react";
import { useEffect } from "react";
import { formatUsd } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { useSession } from "../../../lib/session";
import { useUnpaidOrders } from "../api/unpaid-orders";
import { CancelUnpaidOrderDialog } from "./cancel-unpaid-order-dialog";
import { useCancelUnpaidOrderFlow } from "./use-cancel-unpaid-order";
import { usePayOrderRedirect } from "./use-pay-order-redirect";

/**
 * On the cart and checkout pages: a checkout the buyer started and has not paid (typically left
 * with the browser's Back button) is offered to resume or cancel, instead of the cart quietly
 * counting its reserved stock as gone. `except` leaves out the order the page is already about.
 */
export function UnpaidOrderNotice({ except }: { except?: string }) {
  const { user } = useSession();
  const unpaid = useUnpaidOrders(user !== null);
  const pay = usePayOrderRedirect();
  const cancel = useCancelUnpaidOrderFlow();
  const { refetch } = unpaid;

  // Back from the payment page may restore this page as it was before checkout: ask again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refetch();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [refetch]);

  const orders = (unpaid.data?.items ?? []).filter(
    (o) => o.canCancel && o.reservedUntil !== null && o.id !== except,
  );
  if (!user || orders.length === 0) return null;

  return (
    <section
      aria-label="Unpaid checkout"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      {orders.map((order) => {
        const paying = pay.isProcessing && pay.orderId === order.id;
        const what = order.items.map((i) => `${i.quantity} × ${i.title}`).join(", ");
        return (
          <div
            key={order.id}
            className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
              <div className="text-sm">
                <p className="font-semibold">
                  You haven't paid for order #{order.number} ({formatUsd(order.totalCents)}).
                </p>
                <p>
                  {what} {order.itemCount === 1 ? "is" : "are"} reserved for you until{" "}
                  {formatDateTime(order.reservedUntil ?? order.createdAt)}. Resume paying, or cancel
                  to release {order.itemCount === 1 ? "it" : "them"}; checking out again replaces
                  this order.
                </p>
              </div>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button
                variant="accent"
                size="sm"
                disabled={paying}
                onClick={() => pay.start(order.id)}
              >
                {paying ? "Opening payment..." : "Resume payment"}
              </Button>
              <Button variant="outline" size="sm" onClick={() => cancel.ask(order)}>
                Cancel order
              </Button>
            </div>
          </div>
        );
      })}
      <CancelUnpaidOrderDialog {...cancel.dialog} />
    </section>
  );
}
