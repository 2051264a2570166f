import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CreateApiToken, createdApiTokenSchema } from "../../../../core/contracts/api-tokens";
import { apiRequest } from "../../../lib/api-client";
import { afterApiTokensChanged } from "../cache";

/** POST /api/me/tokens: the new token and its secret, which no later answer carries. */
export function createApiToken(input: CreateApiToken) {
  return apiRequest("/api/me/tokens", createdApiTokenSchema, { method: "POST", body: input });
}

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => afterApiTokensChanged(client),
  });
}
