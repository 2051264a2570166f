import { useMutation, useQueryClient } from "@tanstack/react-query";
import { receivedResponseSchema } from "../../../../core/contracts/shipping";
import { apiRequest } from "../../../lib/api-client";
import { afterShippingChanged } from "../cache";

/** POST /api/orders/{id}/received: the buyer has what was shipped to them. */
export function markReceived(orderId: string) {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/received`, receivedResponseSchema, {
    method: "POST",
  });
}

export function useMarkReceived() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markReceived,
    onSuccess: () => {
      void afterShippingChanged(client);
    },
  });
}
