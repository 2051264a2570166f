import { useQuery } from "@tanstack/react-query";
import { type BidHistory, bidHistorySchema } from "../../../../core/contracts/browse";
import { BID_HISTORY_SHOWN } from "../../../../core/limits";
import { apiGet } from "../../../lib/api-client";

export const bidHistoryQueryKey = (listingId: string) => ["listing", listingId, "bids"] as const;

export function getBidHistory(listingId: string, signal?: AbortSignal): Promise<BidHistory> {
  return apiGet(`/api/listings/${encodeURIComponent(listingId)}/bids`, bidHistorySchema, {
    query: { pageSize: BID_HISTORY_SHOWN },
    signal,
  });
}

/** The latest bids, newest first (the spec shows five). */
export function useBidHistory(listingId: string, enabled = true) {
  return useQuery({
    queryKey: bidHistoryQueryKey(listingId),
    queryFn: ({ signal }) => getBidHistory(listingId, signal),
    enabled,
  });
}
