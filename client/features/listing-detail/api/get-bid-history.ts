import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { BidHistory } from "../../../../core/contracts/browse";
import { BID_HISTORY_SHOWN } from "../../../../core/limits";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** How many bids each page of the whole history (the dialog) loads. */
export const FULL_HISTORY_PAGE_SIZE = 25;

export function getBidHistory(
  listingId: string,
  signal?: AbortSignal,
  page = 1,
  pageSize = BID_HISTORY_SHOWN,
): Promise<BidHistory> {
  return apiGet(`/api/listings/${encodeURIComponent(listingId)}/bids`, trusted<BidHistory>(), {
    query: { page, pageSize },
    signal,
  });
}

/** The latest bids, newest first (the spec shows five). */
export function useBidHistory(listingId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.listings.bids(listingId),
    queryFn: ({ signal }) => getBidHistory(listingId, signal),
    enabled,
  });
}

/** The whole history, newest first, a page at a time ("Show more bids"); loaded when opened. */
export function useFullBidHistory(listingId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.listings.bidHistory(listingId),
    queryFn: ({ pageParam, signal }) =>
      getBidHistory(listingId, signal, pageParam, FULL_HISTORY_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    enabled,
  });
}
