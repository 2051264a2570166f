import { useQuery } from "@tanstack/react-query";
import { type BidHistory, bidHistorySchema } from "../../../../core/contracts/browse";
import { BID_HISTORY_SHOWN } from "../../../../core/limits";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getBidHistory(listingId: string, signal?: AbortSignal): Promise<BidHistory> {
  return apiGet(`/api/listings/${encodeURIComponent(listingId)}/bids`, bidHistorySchema, {
    query: { pageSize: BID_HISTORY_SHOWN },
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
