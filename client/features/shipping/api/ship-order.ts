import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ShipRequest, shipmentSchema } from "../../../../core/contracts/shipping";
import { apiRequest } from "../../../lib/api-client";
import { afterShippingChanged } from "../cache";

/** POST /api/orders/{id}/shipments: the seller's part shipped, or ready for pickup. */
export function shipOrder({ orderId, input }: { orderId: string; input: ShipRequest }) {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/shipments`, shipmentSchema, {
    method: "POST",
    body: input,
  });
}

export function useShipOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: () => {
      void afterShippingChanged(client);
    },
  });
}
