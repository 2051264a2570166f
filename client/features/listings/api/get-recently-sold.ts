import { useQuery } from "@tanstack/react-query";
import type { RecentlySold } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getRecentlySold(id: string, signal?: AbortSignal): Promise<RecentlySold> {
  return apiGet(`/api/listings/${encodeURIComponent(id)}/recently-sold`, trusted<RecentlySold>(), {
    signal,
  });
}

/** Sold items like this one in the last 90 days, with their median price. */
export function useRecentlySold(id: string) {
  return useQuery({
    queryKey: queryKeys.listings.recentlySold(id),
    queryFn: ({ signal }) => getRecentlySold(id, signal),
  });
}
