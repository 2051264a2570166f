import { useQuery } from "@tanstack/react-query";
import { apiTokenListSchema } from "../../../../core/contracts/api-tokens";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/me/tokens: the caller's API tokens, newest first (never their secrets). */
export function getApiTokens(signal?: AbortSignal) {
  return apiGet("/api/me/tokens", apiTokenListSchema, { signal });
}

export function useApiTokens() {
  return useQuery({
    queryKey: queryKeys.apiTokens.list,
    queryFn: ({ signal }) => getApiTokens(signal),
  });
}
