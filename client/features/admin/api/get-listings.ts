import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminListingPageSchema } from "../../../../core/contracts/admin";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export interface AdminListingsQuery {
  q: string;
  /** "" for every state. */
  moderation: string;
  page: number;
}

/** GET /api/admin/listings?q=&moderation=: every listing, whatever its state. */
export function getListings(query: AdminListingsQuery, signal?: AbortSignal) {
  return apiGet("/api/admin/listings", adminListingPageSchema, { query: { ...query }, signal });
}

export function useAdminListings(query: AdminListingsQuery) {
  return useQuery({
    queryKey: queryKeys.admin.listings(query),
    queryFn: ({ signal }) => getListings(query, signal),
    placeholderData: keepPreviousData,
  });
}
