import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, trusted } from "../../../lib/api-client";
import { afterSavedSearchDeleted } from "../cache";

/** DELETE /api/me/saved-searches/{id}: 204. */
export function deleteSavedSearch(id: string) {
  return apiRequest(`/api/me/saved-searches/${encodeURIComponent(id)}`, trusted<undefined>(), {
    method: "DELETE",
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (_answer, id) => {
      void afterSavedSearchDeleted(client, id);
    },
  });
}
