import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SandboxPayRequest, sandboxResultSchema } from "../../../../core/contracts/buying";
import { apiRequest } from "../../../lib/api-client";
import { afterPaymentSucceeded } from "../cache";

/**
 * POST /api/payments/sandbox/sessions/{id}/pay: charges the test card. 200 says where to go next
 * (the confirmation page); 402 carries the decline in its message.
 */
export function paySandboxSession(id: string, card: SandboxPayRequest) {
  return apiRequest(
    `/api/payments/sandbox/sessions/${encodeURIComponent(id)}/pay`,
    sandboxResultSchema,
    { method: "POST", body: card },
  );
}

export function usePaySandboxSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: SandboxPayRequest) => paySandboxSession(id, card),
    onSuccess: () => {
      void afterPaymentSucceeded(queryClient);
    },
  });
}
