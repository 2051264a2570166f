import { useQuery } from "@tanstack/react-query";
import { storeSchema } from "../../../../core/contracts/selling";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/stores/{userId}: a seller's store header (404 for an unknown seller). */
export function getStore(userId: string, signal?: AbortSignal) {
  return apiGet(`/api/stores/${encodeURIComponent(userId)}`, storeSchema, { signal });
}

export function useStore(userId: string) {
  return useQuery({
    queryKey: queryKeys.store.detail(userId),
    queryFn: ({ signal }) => getStore(userId, signal),
    staleTime: 60_000,
  });
}
