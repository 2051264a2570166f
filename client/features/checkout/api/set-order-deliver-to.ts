import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderSchema } from "../../../../core/contracts/buying";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * PUT /api/orders/{id}/deliver-to: where a won auction or an agreed offer goes; the server charges
 * that destination's shipping and answers the order repriced (422 when a seller does not ship there).
 */
export function setOrderDeliverTo(orderId: string, deliverTo: string) {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/deliver-to`, orderSchema, {
    method: "PUT",
    body: { deliverTo },
  });
}

export function useSetOrderDeliverTo(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliverTo: string) => setOrderDeliverTo(orderId, deliverTo),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(orderId), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
    },
  });
}
