import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  type WatchlistFilter,
  type WatchlistSort,
  watchlistPageSchema,
} from "../../../../core/contracts/watching";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export interface WatchlistParams {
  filter: WatchlistFilter;
  sort: WatchlistSort;
  page: number;
}

/** GET /api/me/watchlist: one page of the caller's watched listings, filtered and sorted. */
export function getWatchlist(params: WatchlistParams, signal?: AbortSignal) {
  return apiGet("/api/me/watchlist", watchlistPageSchema, { query: { ...params }, signal });
}

/** A page of the watchlist; the previous one stays on screen while a new filter loads. */
export function useWatchlist(params: WatchlistParams) {
  return useQuery({
    queryKey: queryKeys.watching.watchlist(params),
    queryFn: ({ signal }) => getWatchlist(params, signal),
    placeholderData: keepPreviousData,
  });
}
