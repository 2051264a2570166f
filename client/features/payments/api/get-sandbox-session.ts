import { useQuery } from "@tanstack/react-query";
import { sandboxSessionSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";

export const sandboxSessionQueryKey = (id: string) => ["payments", "sandbox", id] as const;

/** GET /api/payments/sandbox/sessions/{id}: what the sandbox's hosted page is asked to charge. */
export function getSandboxSession(id: string, signal?: AbortSignal) {
  return apiGet(`/api/payments/sandbox/sessions/${encodeURIComponent(id)}`, sandboxSessionSchema, {
    signal,
  });
}

export function useSandboxSession(id: string) {
  return useQuery({
    queryKey: sandboxSessionQueryKey(id),
    queryFn: ({ signal }) => getSandboxSession(id, signal),
    staleTime: 0,
  });
}
