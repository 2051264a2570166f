import { useMutation } from "@tanstack/react-query";
import { type CreateListingInput, createdListingSchema } from "../../../../core/contracts/selling";
import { apiRequest } from "../../../lib/api-client";
import { useInvalidateListings } from "../hooks/use-invalidate-listings";

/** POST /api/listings: the wizard's five steps in one body; answers the new listing's id. */
export function createListing(input: CreateListingInput) {
  return apiRequest("/api/listings", createdListingSchema, { method: "POST", body: input });
}

export function useCreateListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: createListing,
    // Not awaited: the caller's own onSuccess (a toast, a move) should not wait for every refetch,
    // and would be skipped if the refetch unmounted the caller first (an emptied list).
    onSuccess: () => {
      void invalidate();
    },
  });
}
