import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSavedSearch, SavedSearch } from "../../../../core/contracts/watching";
import { apiRequest, trusted } from "../../../lib/api-client";
import { afterSavedSearchCreated } from "../cache";

/**
 * POST /api/me/saved-searches: 201 with the search as stored (canonical query, description), or 200
 * with the one already saved when the user has saved these filters before.
 */
export function createSavedSearch(input: CreateSavedSearch) {
  return apiRequest("/api/me/saved-searches", trusted<SavedSearch>(), {
    method: "POST",
    body: input,
  });
}

export function useCreateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: (search) => {
      void afterSavedSearchCreated(client, search);
    },
  });
}
