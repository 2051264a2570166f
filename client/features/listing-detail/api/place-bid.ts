import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type PlaceBidInput,
  type PlaceBidResult,
  placeBidResultSchema,
} from "../../../../core/contracts/bidding";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { apiRequest } from "../../../lib/api-client";
import { bidHistoryQueryKey } from "./get-bid-history";
import { listingQueryKey } from "./get-listing";

/** The bidder's own bids page reads GET /api/me/bids; a new bid makes it stale. */
const myBidsQueryPrefix = ["me", "bids"] as const;

/** POST /api/listings/{id}/bids: places a bid, optionally with a proxy maximum. */
export function placeBid(listingId: string, input: PlaceBidInput): Promise<PlaceBidResult> {
  return apiRequest(`/api/listings/${encodeURIComponent(listingId)}/bids`, placeBidResultSchema, {
    method: "POST",
    body: input,
  });
}

/** Places a bid, then shows the new auction state at once and refreshes the bid lists. */
export function usePlaceBid(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceBidInput) => placeBid(listingId, input),
    onSuccess: (result) => {
      queryClient.setQueryData<ListingDetail>(listingQueryKey(listingId), (current) =>
        current
          ? {
              ...current,
              auction: result.auction,
              viewer: current.viewer
                ? { ...current.viewer, hasBid: true, isLeader: result.leading }
                : current.viewer,
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: bidHistoryQueryKey(listingId) });
      void queryClient.invalidateQueries({ queryKey: myBidsQueryPrefix });
    },
  });
}
