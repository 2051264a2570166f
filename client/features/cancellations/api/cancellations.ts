import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { orderSchema } from "../../../../core/contracts/buying";
import {
  type CancellationRequestInput,
  orderCancellationSchema,
  sellerCancellationsSchema,
} from "../../../../core/contracts/cancellations";
import { apiGet, apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { afterCancellationChanged } from "../cache";

const orderPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`;

/** GET /api/orders/{id}/cancellation: the buyer's view of a paid order's parts and refunds. */
export function useOrderCancellation(orderId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.cancellations.order(orderId),
    queryFn: ({ signal }) =>
      apiGet(`${orderPath(orderId)}/cancellation`, orderCancellationSchema, { signal }),
    enabled,
  });
}

/** POST /api/orders/{id}/cancel on a paid order: asks the seller of one part to cancel it. */
export function useRequestCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: CancellationRequestInput }) =>
      apiRequest(`${orderPath(orderId)}/cancel`, orderSchema, { method: "POST", body: input }),
    onSuccess: () => afterCancellationChanged(queryClient),
  });
}

/** GET /api/me/cancellation-requests: what buyers asked this seller, open ones first. */
export function useSellerCancellations() {
  return useQuery({
    queryKey: queryKeys.cancellations.seller,
    queryFn: ({ signal }) =>
      apiGet("/api/me/cancellation-requests", sellerCancellationsSchema, { signal }),
  });
}

/** POST /api/orders/{id}/cancellation/accept|decline: the seller's answer. */
export function useAnswerCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, accept }: { orderId: string; accept: boolean }) =>
      apiRequest(
        `${orderPath(orderId)}/cancellation/${accept ? "accept" : "decline"}`,
        sellerCancellationsSchema,
        { method: "POST" },
      ),
    onSettled: () => afterCancellationChanged(queryClient),
  });
}
