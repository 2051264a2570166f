import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type HomeSections, homeSchema } from "../../../../core/contracts/browse";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getHome(
  territory: string | undefined,
  signal?: AbortSignal,
): Promise<HomeSections> {
  return apiGet("/api/home", homeSchema, { query: { territory }, signal });
}

/** The home page's four sections, optionally for one territory. */
export function useHome(territory: string | undefined) {
  return useQuery({
    queryKey: queryKeys.home.sections(territory),
    queryFn: ({ signal }) => getHome(territory, signal),
    placeholderData: keepPreviousData,
  });
}
