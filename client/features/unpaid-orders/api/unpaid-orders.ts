import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  checkoutResponseSchema,
  type Order,
  orderSchema,
  unpaidOrdersSchema,
} from "../../../../core/contracts/buying";
import { apiGet, apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { afterUnpaidOrderCancelled } from "../cache";

/** GET /api/me/orders/unpaid: the signed-in buyer's orders awaiting payment, newest first. */
export function useUnpaidOrders(enabled = true) {
  return useQuery({
    queryKey: queryKeys.orders.unpaid,
    queryFn: ({ signal }) => apiGet("/api/me/orders/unpaid", unpaidOrdersSchema, { signal }),
    enabled,
  });
}

/**
 * POST /api/orders/{id}/pay: the same hosted payment page while its session is open, or a new one
 * when it lapsed and the stock is still there. The caller sends the browser to `redirectUrl`.
 */
export function usePayOrder() {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest(`/api/orders/${encodeURIComponent(orderId)}/pay`, checkoutResponseSchema, {
        method: "POST",
      }),
  });
}

/** POST /api/orders/{id}/cancel on an unpaid order: its stock is released at once. */
export function useCancelUnpaidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) =>
      apiRequest(`/api/orders/${encodeURIComponent(order.id)}/cancel`, orderSchema, {
        method: "POST",
      }),
    onSettled: (_answer, _error, order) =>
      afterUnpaidOrderCancelled(
        queryClient,
        order.items.map((i) => i.listingId),
      ),
  });
}
