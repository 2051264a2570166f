import { useQuery } from "@tanstack/react-query";
import { myBidsPageSchema } from "../../../../core/contracts/bidding";
import { apiGet } from "../../../lib/api-client";

/** The profile shows the latest few; the full list is on /my/bids. */
export const PROFILE_BIDS_SHOWN = 10;

// Shares the ["me", "bids", ...] prefix with /my/bids, so placing a bid refreshes both.
export const profileBidsQueryKey = ["me", "bids", "profile"] as const;

/** GET /api/me/bids: the signed-in user's latest bids, each with its auction's state. */
export function getProfileBids(signal?: AbortSignal) {
  return apiGet("/api/me/bids", myBidsPageSchema, {
    query: { page: 1, pageSize: PROFILE_BIDS_SHOWN },
    signal,
  });
}

export function useProfileBids({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileBidsQueryKey,
    queryFn: ({ signal }) => getProfileBids(signal),
    enabled,
  });
}
