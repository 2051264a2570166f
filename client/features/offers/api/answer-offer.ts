import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CounterOfferInput,
  DeclineOfferInput,
  Offer,
} from "../../../../core/contracts/offers";
import { apiRequest, trusted } from "../../../lib/api-client";
import { afterOfferChanged } from "../cache";

/** An answer to an open offer, by the side it waits for. */
export type OfferAnswer =
  | { action: "accept" }
  | ({ action: "decline" } & DeclineOfferInput)
  | ({ action: "counter" } & CounterOfferInput);

/**
 * POST /api/offers/{id}/accept, /decline or /counter: the three answers share their shape (the
 * offer as it now stands; a buyer's counter answers with their new offer).
 */
export function answerOffer(offerId: string, answer: OfferAnswer) {
  const { action, ...body } = answer;
  return apiRequest(`/api/offers/${encodeURIComponent(offerId)}/${action}`, trusted<Offer>(), {
    method: "POST",
    body: action === "accept" ? undefined : body,
  });
}

/** Answers an offer; whatever came of it, both sides' lists and the listing read again. */
export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, answer }: { offerId: string; answer: OfferAnswer }) =>
      answerOffer(offerId, answer),
    onSettled: () => afterOfferChanged(queryClient),
  });
}
