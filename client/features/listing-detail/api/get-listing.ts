import { useQuery } from "@tanstack/react-query";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getListing(id: string, signal?: AbortSignal): Promise<ListingDetail> {
  return apiGet(`/api/listings/${encodeURIComponent(id)}`, trusted<ListingDetail>(), { signal });
}

export function useListing(id: string) {
  return useQuery({
    queryKey: queryKeys.listings.detail(id),
    queryFn: ({ signal }) => getListing(id, signal),
  });
}
