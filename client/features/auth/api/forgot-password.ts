import { useMutation } from "@tanstack/react-query";
import { messageSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/auth/forgot-password: emails a reset link (the same answer whether or not the account exists). */
export function forgotPassword(email: string) {
  return apiRequest("/api/auth/forgot-password", messageSchema, {
    method: "POST",
    body: { email },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
