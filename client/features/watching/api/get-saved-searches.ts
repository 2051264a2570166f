import { useQuery } from "@tanstack/react-query";
import type { SavedSearchList } from "../../../../core/contracts/watching";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/me/saved-searches: all of the caller's saved searches (at most 100). */
export function getSavedSearches(signal?: AbortSignal) {
  return apiGet("/api/me/saved-searches", trusted<SavedSearchList>(), { signal });
}

/** `enabled` false for a visitor (a browse page's Save button asks only when signed in). */
export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: queryKeys.watching.savedSearchList,
    queryFn: ({ signal }) => getSavedSearches(signal),
    enabled,
  });
}
