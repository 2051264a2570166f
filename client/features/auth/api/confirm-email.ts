import { useQuery } from "@tanstack/react-query";
import { messageSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /api/auth/confirm: follows the emailed link (a new account, or a changed email). */
export function confirmEmail(token: string) {
  return apiRequest("/api/auth/confirm", messageSchema, { method: "POST", body: { token } });
}

/**
 * A query rather than a mutation on purpose: a link works once, and the query cache makes sure
 * the page posts it once however often it mounts (React's strict mode mounts twice).
 */
export function useConfirmEmail(token: string) {
  return useQuery({
    queryKey: queryKeys.auth.confirmEmail(token),
    queryFn: () => confirmEmail(token),
    enabled: token.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
