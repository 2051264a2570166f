import { useQuery } from "@tanstack/react-query";
import { myListingsSchema } from "../../../../core/contracts/selling";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/me/listings: the signed-in seller's listings, newest first. */
export function getMyListings(signal?: AbortSignal) {
  return apiGet("/api/me/listings", myListingsSchema, { signal });
}

export function useMyListings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.myListings.list,
    queryFn: ({ signal }) => getMyListings(signal),
    enabled,
  });
}
