import { useQuery } from "@tanstack/react-query";
import { myBidsPageSchema } from "../../../../core/contracts/bidding";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The profile shows the latest few; the full list is on /my/bids. */
export const PROFILE_BIDS_SHOWN = 10;

/** GET /api/me/bids: the signed-in user's latest bids, each with its auction's state. */
export function getProfileBids(signal?: AbortSignal) {
  return apiGet("/api/me/bids", myBidsPageSchema, {
    query: { page: 1, pageSize: PROFILE_BIDS_SHOWN },
    signal,
  });
}

export function useProfileBids({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    // Under queryKeys.myBids.all with /my/bids, so placing a bid refreshes both.
    queryKey: queryKeys.myBids.profile,
    queryFn: ({ signal }) => getProfileBids(signal),
    enabled,
  });
}
