import { useQuery } from "@tanstack/react-query";
import type { WatchedIds } from "../../../../core/contracts/watching";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

/** GET /api/me/watchlist/ids: every listing the caller watches. */
export function getWatchedIds(signal?: AbortSignal) {
  return apiGet("/api/me/watchlist/ids", trusted<WatchedIds>(), { signal });
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The watched listings as a set, shared by every heart on the page (one request, not one per
 * card). Visitors watch nothing, and are not asked about.
 */
export function useWatchedIds(): ReadonlySet<string> {
  const { user } = useSession();
  const query = useQuery({
    queryKey: queryKeys.watching.watchedIds,
    queryFn: ({ signal }) => getWatchedIds(signal),
    enabled: user !== null,
    staleTime: 60_000,
    select: (data) => new Set(data.ids),
  });
  return user && query.data ? query.data : NONE;
}
