import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminOrderDetailSchema } from "../../../../core/contracts/admin";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { afterStaffAction } from "../cache";

/** POST /api/admin/orders/{id}/refunds (admin only): the whole refundable amount unless given. */
export function issueRefund(id: string, input: { reason: string; amountCents?: number }) {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(id)}/refunds`, adminOrderDetailSchema, {
    method: "POST",
    body: input,
  });
}

export function useIssueRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string; reason: string; amountCents?: number }) =>
      issueRefund(id, input),
    onSuccess: (order) => {
      // The answer is the order as it now stands: shown at once, the rest refetched.
      queryClient.setQueryData(queryKeys.admin.order(order.id), order);
      void afterStaffAction(queryClient);
    },
  });
}
