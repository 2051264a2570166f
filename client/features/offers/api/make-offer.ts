import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MakeOfferInput, Offer } from "../../../../core/contracts/offers";
import { apiRequest, trusted } from "../../../lib/api-client";
import { afterOfferChanged } from "../cache";

/** POST /api/listings/{id}/offers: a buyer's offer (the seller's automatic answer may be in it). */
export function makeOffer(listingId: string, input: MakeOfferInput) {
  return apiRequest(`/api/listings/${encodeURIComponent(listingId)}/offers`, trusted<Offer>(), {
    method: "POST",
    body: input,
  });
}

/** Makes an offer, then reads the listing's offers (and, when accepted at once, the orders). */
export function useMakeOffer(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MakeOfferInput) => makeOffer(listingId, input),
    onSettled: () => afterOfferChanged(queryClient),
  });
}
