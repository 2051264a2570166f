import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { HomeSections } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getHome(
  territory: string | undefined,
  signal?: AbortSignal,
): Promise<HomeSections> {
  return apiGet("/api/home", trusted<HomeSections>(), { query: { territory }, signal });
}

/** The home page's four sections, optionally for one territory. */
export function useHome(territory: string | undefined) {
  return useQuery({
    queryKey: queryKeys.home.sections(territory),
    queryFn: ({ signal }) => getHome(territory, signal),
    placeholderData: keepPreviousData,
  });
}
