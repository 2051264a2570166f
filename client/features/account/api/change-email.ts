import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { type changeEmailSchema, messageSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/me/email: a confirmation goes to the new address; the email changes once it is followed. */
export function changeEmail(input: z.input<typeof changeEmailSchema>) {
  return apiRequest("/api/me/email", messageSchema, { method: "POST", body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
