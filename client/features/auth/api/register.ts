import { useMutation } from "@tanstack/react-query";
import { messageSchema, type RegisterInput } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/auth/register: creates an unconfirmed account; a confirmation email follows. */
export function register(input: RegisterInput) {
  return apiRequest("/api/auth/register", messageSchema, { method: "POST", body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
