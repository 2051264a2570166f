import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CheckoutRequest, checkoutResponseSchema } from "../../../../core/contracts/buying";
import { apiRequest } from "../../../lib/api-client";
import { afterCheckoutStarted } from "../cache";

/**
 * POST /api/checkout: the server prices the lines (or the auction win) from the database, reserves
 * the stock, creates a pending order and answers with the payment provider's hosted page.
 */
export function createCheckout(body: CheckoutRequest) {
  return apiRequest("/api/checkout", checkoutResponseSchema, { method: "POST", body });
}

export function useCreateCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckout,
    onSuccess: (_answer, request) => {
      void afterCheckoutStarted(queryClient, request);
    },
  });
}
