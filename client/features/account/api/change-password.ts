import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { type changePasswordSchema, messageSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/me/password: needs the current password; the account's other sessions end. */
export function changePassword(input: z.input<typeof changePasswordSchema>) {
  return apiRequest("/api/me/password", messageSchema, { method: "POST", body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
