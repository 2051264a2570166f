import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client";

// Lists and pages that may still show the deleted listing.
const STALE_AFTER_DELETE = new Set(["listings", "listing", "home", "me", "store"]);

/** DELETE /api/listings/{id}: 204; refused (422) once the listing has bids or orders. */
export function deleteListing(id: string) {
  return apiRequest(`/api/listings/${encodeURIComponent(id)}`, z.undefined(), {
    method: "DELETE",
  });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    // Not awaited, so the caller's toast shows at once rather than after every refetch.
    onSuccess: () => {
      void queryClient.invalidateQueries({
        predicate: (query) => STALE_AFTER_DELETE.has(String(query.queryKey[0])),
      });
    },
  });
}
