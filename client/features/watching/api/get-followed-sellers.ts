import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { followedSellerPageSchema } from "../../../../core/contracts/watching";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/me/followed-sellers: one page of the sellers the caller follows. */
export function getFollowedSellers(page: number, signal?: AbortSignal) {
  return apiGet("/api/me/followed-sellers", followedSellerPageSchema, {
    query: { page },
    signal,
  });
}

export function useFollowedSellers(page: number) {
  return useQuery({
    queryKey: queryKeys.watching.followedSellerPage(page),
    queryFn: ({ signal }) => getFollowedSellers(page, signal),
    placeholderData: keepPreviousData,
  });
}
