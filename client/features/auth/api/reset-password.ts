import { useMutation } from "@tanstack/react-query";
import { messageSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/auth/reset-password: a new password from an emailed link; every session ends. */
export function resetPassword(input: { token: string; password: string }) {
  return apiRequest("/api/auth/reset-password", messageSchema, { method: "POST", body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
