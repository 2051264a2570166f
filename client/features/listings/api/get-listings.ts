import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListingPage, ListingQuery } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** What a page may ask of GET /api/listings; the server fills in the defaults. */
export type ListingParams = Partial<ListingQuery>;

export function getListings(params: ListingParams, signal?: AbortSignal): Promise<ListingPage> {
  return apiGet("/api/listings", trusted<ListingPage>(), { query: params, signal });
}

/** A page of listings; the previous page stays on screen while the next one loads. */
export function useListings(params: ListingParams) {
  return useQuery({
    queryKey: queryKeys.listings.list(params),
    queryFn: ({ signal }) => getListings(params, signal),
    placeholderData: keepPreviousData,
  });
}
