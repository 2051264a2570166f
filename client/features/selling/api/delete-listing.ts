import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { useInvalidateListings } from "../hooks/use-invalidate-listings";

/** DELETE /api/listings/{id}: 204; refused (422) once the listing has bids or orders. */
export function deleteListing(id: string) {
  return apiRequest(`/api/listings/${encodeURIComponent(id)}`, z.undefined(), {
    method: "DELETE",
  });
}

export function useDeleteListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: deleteListing,
    // Not awaited: the caller's own onSuccess (a toast, a move) should not wait for every refetch,
    // and would be skipped if the refetch unmounted the caller first (an emptied list).
    onSuccess: () => {
      void invalidate();
    },
  });
}
