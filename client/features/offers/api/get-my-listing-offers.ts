import { useQuery } from "@tanstack/react-query";
import { myListingOffersSchema } from "../../../../core/contracts/offers";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/listings/{id}/offers/mine: the signed-in buyer's offers on one listing. */
export function getMyListingOffers(listingId: string, signal?: AbortSignal) {
  return apiGet(
    `/api/listings/${encodeURIComponent(listingId)}/offers/mine`,
    myListingOffersSchema,
    { signal },
  );
}

/** The buyer's offers on the listing page (only asked for when someone is signed in). */
export function useMyListingOffers(listingId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.offers.mine(listingId),
    queryFn: ({ signal }) => getMyListingOffers(listingId, signal),
    enabled,
  });
}
