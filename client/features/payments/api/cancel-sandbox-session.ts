import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sandboxResultSchema } from "../../../../core/contracts/buying";
import { apiRequest } from "../../../lib/api-client";
import { afterPaymentCancelled } from "../cache";

/** POST /api/payments/sandbox/sessions/{id}/cancel: the buyer gives up; the answer leads back to the cart. */
export function cancelSandboxSession(id: string) {
  return apiRequest(
    `/api/payments/sandbox/sessions/${encodeURIComponent(id)}/cancel`,
    sandboxResultSchema,
    { method: "POST" },
  );
}

export function useCancelSandboxSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSandboxSession(id),
    onSuccess: () => {
      void afterPaymentCancelled(queryClient);
    },
  });
}
