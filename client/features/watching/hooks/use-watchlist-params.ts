import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  WATCHLIST_FILTERS,
  WATCHLIST_SORTS,
  type WatchlistFilter,
  type WatchlistSort,
} from "../../../../core/contracts/watching";
import type { WatchlistParams } from "../api/get-watchlist";

/** The URL spells the choices as the spec does ("ending-soon"); the API as the contract does. */
const toUrl = (value: string) => value.replaceAll("_", "-");
const fromUrl = (value: string | null) => (value ?? "").replaceAll("-", "_");

function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The watchlist's filter, sort and page, kept in the URL (shareable, back-button friendly). */
export function useWatchlistParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<WatchlistParams>(() => {
    const filter = fromUrl(searchParams.get("filter"));
    const sort = fromUrl(searchParams.get("sort"));
    return {
      filter: (WATCHLIST_FILTERS as readonly string[]).includes(filter)
        ? (filter as WatchlistFilter)
        : "all",
      sort: (WATCHLIST_SORTS as readonly string[]).includes(sort)
        ? (sort as WatchlistSort)
        : "ending_soonest",
      page: readPage(searchParams),
    };
  }, [searchParams]);

  const change = useCallback(
    (key: "filter" | "sort", value: string, fallback: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === fallback) next.delete(key);
          else next.set(key, toUrl(value));
          next.delete("page");
          return next;
        },
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );

  const setFilter = useCallback((value: string) => change("filter", value, "all"), [change]);
  const setSort = useCallback((value: string) => change("sort", value, "ending_soonest"), [change]);

  return { params, setFilter, setSort };
}
