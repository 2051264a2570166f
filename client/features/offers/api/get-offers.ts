import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { offerPageSchema } from "../../../../core/contracts/offers";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const OFFERS_PAGE_SIZE = 20;

export interface OfferListParams {
  role: "buyer" | "seller";
  /** The seller's offers on one listing. */
  listingId?: string;
  page: number;
}

/** GET /api/my/offers: the buyer's offers (Bids & Offers) or the seller's received ones. */
export function getOffers(params: OfferListParams, signal?: AbortSignal) {
  return apiGet("/api/my/offers", offerPageSchema, {
    query: { ...params, pageSize: OFFERS_PAGE_SIZE },
    signal,
  });
}

/** A page of offers, those waiting for an answer first. */
export function useOffers(params: OfferListParams) {
  return useQuery({
    queryKey: queryKeys.offers.list(params),
    queryFn: ({ signal }) => getOffers(params, signal),
    placeholderData: keepPreviousData,
  });
}
