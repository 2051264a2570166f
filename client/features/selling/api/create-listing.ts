import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CreateListingInput, createdListingSchema } from "../../../../core/contracts/selling";
import { apiRequest } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { afterListingCreated } from "../cache";

/** POST /api/listings: the wizard's five steps in one body; answers the new listing's id. */
export function createListing(input: CreateListingInput) {
  return apiRequest("/api/listings", createdListingSchema, { method: "POST", body: input });
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  const sellerId = useSession().user?.id;
  return useMutation({
    mutationFn: createListing,
    // Not awaited: the caller's own onSuccess (a toast, a move) should not wait for every refetch,
    // and would be skipped if the refetch unmounted the caller first (an emptied list).
    onSuccess: () => {
      void afterListingCreated(queryClient, { sellerId });
    },
  });
}
