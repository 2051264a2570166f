import { useQuery } from "@tanstack/react-query";
import { authProvidersSchema } from "../../../../core/contracts/accounts";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/auth/providers: which of Google and Facebook sign-in are configured. */
export function getProviders(signal?: AbortSignal) {
  return apiGet("/api/auth/providers", authProvidersSchema, { signal });
}

export const providersQuery = {
  queryKey: queryKeys.auth.providers,
  queryFn: ({ signal }: { signal: AbortSignal }) => getProviders(signal),
  staleTime: 10 * 60_000,
};

export function useProviders() {
  return useQuery(providersQuery);
}
