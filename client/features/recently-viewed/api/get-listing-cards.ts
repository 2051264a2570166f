import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListingCardList } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getListingCards(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<ListingCardList> {
  return apiGet("/api/listings/cards", trusted<ListingCardList>(), {
    query: { ids: ids.join(",") },
    signal,
  });
}

/** Cards for these listings in this order, whatever their status (none asked for: none). */
export function useListingCards(ids: readonly string[]) {
  return useQuery({
    queryKey: queryKeys.listings.cards(ids),
    queryFn: ({ signal }) => getListingCards(ids, signal),
    enabled: ids.length > 0,
    // Viewing one more listing changes the key: the row stays on screen while it loads.
    placeholderData: keepPreviousData,
  });
}
