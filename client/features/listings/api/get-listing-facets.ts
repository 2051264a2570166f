import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListingFacets } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import type { ListingParams } from "./get-listings";

export function getListingFacets(
  params: ListingParams,
  signal?: AbortSignal,
): Promise<ListingFacets> {
  return apiGet("/api/listings/facets", trusted<ListingFacets>(), { query: params, signal });
}

/** The filter panel's counts for the same filters as the results (paging aside). */
export function useListingFacets(params: ListingParams, enabled = true) {
  const { page: _page, pageSize: _size, ...filters } = params;
  return useQuery({
    queryKey: queryKeys.listings.facets(filters),
    queryFn: ({ signal }) => getListingFacets(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
