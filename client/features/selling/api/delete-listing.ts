import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { afterListingDeleted } from "../cache";

/** DELETE /api/listings/{id}: 204; refused (422) once the listing has bids or orders. */
export function deleteListing(id: string) {
  return apiRequest(`/api/listings/${encodeURIComponent(id)}`, z.undefined(), {
    method: "DELETE",
  });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  const sellerId = useSession().user?.id;
  return useMutation({
    mutationFn: deleteListing,
    // Not awaited: the caller's own onSuccess (a toast, a move) should not wait for every refetch,
    // and would be skipped if the refetch unmounted the caller first (an emptied list).
    onSuccess: (_answer, listingId) => {
      void afterListingDeleted(queryClient, { listingId, sellerId });
    },
  });
}
