import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { myBidsPageSchema } from "../../../../core/contracts/bidding";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const MY_BIDS_PAGE_SIZE = 20;

/** GET /api/me/bids: the signed-in user's own bids, newest first, with each one's standing. */
export function getMyBids(page: number, signal?: AbortSignal) {
  return apiGet("/api/me/bids", myBidsPageSchema, {
    query: { page, pageSize: MY_BIDS_PAGE_SIZE },
    signal,
  });
}

export function useMyBids(page: number) {
  return useQuery({
    queryKey: queryKeys.myBids.list(page),
    queryFn: ({ signal }) => getMyBids(page, signal),
    placeholderData: keepPreviousData,
  });
}
