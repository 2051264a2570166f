import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createdListingSchema, type UpdateListingInput } from "../../../../core/contracts/selling";
import { apiRequest } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { afterListingUpdated } from "../cache";

/** PATCH /api/listings/{id}: changes one of the seller's listings (422 when it is locked). */
export function updateListing(id: string, input: UpdateListingInput) {
  return apiRequest(`/api/listings/${encodeURIComponent(id)}`, createdListingSchema, {
    method: "PATCH",
    body: input,
  });
}

export function useUpdateListing(id: string) {
  const queryClient = useQueryClient();
  const sellerId = useSession().user?.id;
  return useMutation({
    mutationFn: (input: UpdateListingInput) => updateListing(id, input),
    // Not awaited: the caller's own onSuccess (a toast, a move) should not wait for every refetch,
    // and would be skipped if the refetch unmounted the caller first (an emptied list).
    onSuccess: () => {
      void afterListingUpdated(queryClient, { listingId: id, sellerId });
    },
  });
}
