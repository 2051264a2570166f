import { useQuery } from "@tanstack/react-query";
import { myListingsSchema } from "../../../../core/contracts/selling";
import { apiGet } from "../../../lib/api-client";

// Under the "me" prefix, which useInvalidateListings refreshes after any change to a listing.
export const myListingsQueryKey = ["me", "listings"] as const;

/** GET /api/me/listings: the signed-in seller's listings, newest first. */
export function getMyListings(signal?: AbortSignal) {
  return apiGet("/api/me/listings", myListingsSchema, { signal });
}

export function useMyListings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myListingsQueryKey,
    queryFn: ({ signal }) => getMyListings(signal),
    enabled,
  });
}
