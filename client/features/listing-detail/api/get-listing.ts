import { useQuery } from "@tanstack/react-query";
import { type ListingDetail, listingDetailSchema } from "../../../../core/contracts/browse";
import { apiGet } from "../../../lib/api-client";

export const listingQueryKey = (id: string) => ["listing", id] as const;

export function getListing(id: string, signal?: AbortSignal): Promise<ListingDetail> {
  return apiGet(`/api/listings/${encodeURIComponent(id)}`, listingDetailSchema, { signal });
}

export function useListing(id: string) {
  return useQuery({
    queryKey: listingQueryKey(id),
    queryFn: ({ signal }) => getListing(id, signal),
  });
}
