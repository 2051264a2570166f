import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { cancelOrder } from "../api/cancel-order";
import { afterOrderCancelled } from "../cache";

// Strict mode runs effects twice, and the URL keeps the parameter until it is replaced: one call
// per order for the life of the page.
const handled = new Set<string>();

/**
 * /cart?cancelled={orderId}: the buyer left the provider's page without paying. The order is
 * cancelled (its stock released now rather than at expiry) and the cart stays as it was.
 */
export function useCancelledReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const orderId = searchParams.get("cancelled");
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!orderId) return;
    setSearchParams(
      (params) => {
        params.delete("cancelled");
        return params;
      },
      { replace: true },
    );
    if (handled.has(orderId)) return;
    handled.add(orderId);
    toast.info("Payment cancelled", { description: "Your items are still in your cart." });
    // Already cancelled or expired is fine: either way the stock is free again, and the cart's
    // check (which counts reserved stock as taken) is asked again.
    cancelOrder(orderId)
      .catch(() => {})
      .finally(() => void afterOrderCancelled(queryClient));
  }, [orderId, setSearchParams, queryClient]);
}
