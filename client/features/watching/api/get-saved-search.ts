import { useQuery } from "@tanstack/react-query";
import { savedSearchSchema } from "../../../../core/contracts/watching";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/me/saved-searches/{id}: one of the caller's saved searches (404 for anyone else's). */
export function getSavedSearch(id: string, signal?: AbortSignal) {
  return apiGet(`/api/me/saved-searches/${encodeURIComponent(id)}`, savedSearchSchema, {
    signal,
  });
}

export function useSavedSearch(id: string) {
  return useQuery({
    queryKey: queryKeys.watching.savedSearch(id),
    queryFn: ({ signal }) => getSavedSearch(id, signal),
  });
}
