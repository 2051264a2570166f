import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiTokenSchema } from "../../../../core/contracts/api-tokens";
import { apiRequest } from "../../../lib/api-client";
import { afterApiTokensChanged } from "../cache";

/** DELETE /api/me/tokens/{id}: the token stops working at once. */
export function revokeApiToken(id: string) {
  return apiRequest(`/api/me/tokens/${encodeURIComponent(id)}`, apiTokenSchema, {
    method: "DELETE",
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => afterApiTokensChanged(client),
  });
}
