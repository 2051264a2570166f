import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlaceBidInput, PlaceBidResult } from "../../../../core/contracts/bidding";
import { apiRequest, trusted } from "../../../lib/api-client";
import { afterBidPlaced } from "../cache";

/** POST /api/listings/{id}/bids: places a bid, optionally with a proxy maximum. */
export function placeBid(listingId: string, input: PlaceBidInput): Promise<PlaceBidResult> {
  return apiRequest(
    `/api/listings/${encodeURIComponent(listingId)}/bids`,
    trusted<PlaceBidResult>(),
    {
      method: "POST",
      body: input,
    },
  );
}

/** Places a bid, then shows the new auction state at once and refreshes the bid lists. */
export function usePlaceBid(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceBidInput) => placeBid(listingId, input),
    onSuccess: (result) => {
      void afterBidPlaced(queryClient, listingId, result);
    },
  });
}
