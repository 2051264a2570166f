import { useQuery } from "@tanstack/react-query";
import type { ListingCardList } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getSimilarListings(id: string, signal?: AbortSignal): Promise<ListingCardList> {
  return apiGet(`/api/listings/${encodeURIComponent(id)}/similar`, trusted<ListingCardList>(), {
    signal,
  });
}

/** Active listings like this one: same subcategory, then category, nearest in price. */
export function useSimilarListings(id: string) {
  return useQuery({
    queryKey: queryKeys.listings.similar(id),
    queryFn: ({ signal }) => getSimilarListings(id, signal),
  });
}
