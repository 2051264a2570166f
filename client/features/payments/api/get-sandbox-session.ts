import { useQuery } from "@tanstack/react-query";
import { sandboxSessionSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/payments/sandbox/sessions/{id}: what the sandbox's hosted page is asked to charge. */
export function getSandboxSession(id: string, signal?: AbortSignal) {
  return apiGet(`/api/payments/sandbox/sessions/${encodeURIComponent(id)}`, sandboxSessionSchema, {
    signal,
  });
}

export function useSandboxSession(id: string) {
  return useQuery({
    queryKey: queryKeys.payments.sandboxSession(id),
    queryFn: ({ signal }) => getSandboxSession(id, signal),
    staleTime: 0,
  });
}
