import { useMutation } from "@tanstack/react-query";
import { messageSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/auth/resend-confirmation: a new confirmation link for an unconfirmed account. */
export function resendConfirmation(email: string) {
  return apiRequest("/api/auth/resend-confirmation", messageSchema, {
    method: "POST",
    body: { email },
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
