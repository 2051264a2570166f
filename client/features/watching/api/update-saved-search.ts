import { useMutation, useQueryClient } from "@tanstack/react-query";
import { savedSearchSchema, type UpdateSavedSearch } from "../../../../core/contracts/watching";
import { apiRequest } from "../../../lib/api-client";
import { afterSavedSearchUpdated, showSavedSearch } from "../cache";

/** PATCH /api/me/saved-searches/{id}: the fields named change, the others stay. */
export function updateSavedSearch({ id, ...change }: UpdateSavedSearch & { id: string }) {
  return apiRequest(`/api/me/saved-searches/${encodeURIComponent(id)}`, savedSearchSchema, {
    method: "PATCH",
    body: change,
  });
}

/**
 * Saves a change. A notifications switch shows its new state at once and goes back if the
 * server refuses; a name or query waits for the server, which words the description.
 */
export function useUpdateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onMutate: ({ id, notificationsEnabled }) =>
      notificationsEnabled === undefined
        ? undefined
        : showSavedSearch(client, id, { notificationsEnabled }),
    onError: (_error, _change, undo) => undo?.(),
    onSuccess: (search) => afterSavedSearchUpdated(client, search),
  });
}
