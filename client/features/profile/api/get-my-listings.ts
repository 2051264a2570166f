import { useQuery } from "@tanstack/react-query";
import { myListingsSchema } from "../../../../core/contracts/selling";
import { apiGet } from "../../../lib/api-client";

// The same key as /my/selling's copy of this call, so either one's refresh serves both.
export const myListingsQueryKey = ["me", "listings"] as const;

/** GET /api/me/listings: the signed-in user's own listings, newest first. */
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
