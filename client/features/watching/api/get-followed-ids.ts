import { useQuery } from "@tanstack/react-query";
import type { FollowedIds } from "../../../../core/contracts/watching";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

/** GET /api/me/followed-sellers/ids: every seller the caller follows. */
export function getFollowedIds(signal?: AbortSignal) {
  return apiGet("/api/me/followed-sellers/ids", trusted<FollowedIds>(), { signal });
}

const NONE: ReadonlySet<string> = new Set();

/** The followed sellers as a set, for every Follow button; visitors follow nobody. */
export function useFollowedIds(): ReadonlySet<string> {
  const { user } = useSession();
  const query = useQuery({
    queryKey: queryKeys.watching.followedIds,
    queryFn: ({ signal }) => getFollowedIds(signal),
    enabled: user !== null,
    staleTime: 60_000,
    select: (data) => new Set(data.ids),
  });
  return user && query.data ? query.data : NONE;
}
