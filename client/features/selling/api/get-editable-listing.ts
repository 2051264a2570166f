import { useQuery } from "@tanstack/react-query";
import { editableListingSchema } from "../../../../core/contracts/selling";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/listings/{id}/edit: the owner's edit form, hidden prices and photo ids included. */
export function getEditableListing(id: string, signal?: AbortSignal) {
  return apiGet(`/api/listings/${encodeURIComponent(id)}/edit`, editableListingSchema, { signal });
}

export function useEditableListing(id: string) {
  return useQuery({
    queryKey: queryKeys.listings.edit(id),
    queryFn: ({ signal }) => getEditableListing(id, signal),
    // The form is filled once from this; a background refetch would not reach it anyway.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // Sell similar's page asks only when it has a listing to copy.
    enabled: id !== "",
  });
}
