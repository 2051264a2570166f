import { useState } from "react";
import { toast } from "sonner";
import type { Order } from "../../../../core/contracts/buying";
import { ApiError } from "../../../lib/api-client";
import { useCancelUnpaidOrder } from "../api/unpaid-orders";

/** Cancel with its "are you sure?" step: `ask` opens the dialog, `dialog` are its props. */
export function useCancelUnpaidOrderFlow() {
  const cancel = useCancelUnpaidOrder();
  const [asking, setAsking] = useState<Order | null>(null);
  const confirm = (order: Order) =>
    cancel.mutate(order, {
      onSuccess: () => {
        setAsking(null);
        toast.success("Order cancelled", {
          description: "Its items are available again. You weren't charged.",
        });
      },
      onError: (error) => {
        setAsking(null);
        toast.error(
          error instanceof ApiError ? error.message : "We couldn't cancel the order. Try again.",
        );
      },
    });
  return {
    ask: setAsking,
    dialog: {
      order: asking,
      pending: cancel.isPending,
      onCancel: () => setAsking(null),
      onConfirm: confirm,
    },
  };
}
