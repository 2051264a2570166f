import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type HomeSections, homeSchema } from "../../../../core/contracts/browse";
import { apiGet } from "../../../lib/api-client";

export const homeQueryKey = (territory: string | undefined) =>
  ["home", territory ?? "all"] as const;

export function getHome(
  territory: string | undefined,
  signal?: AbortSignal,
): Promise<HomeSections> {
  return apiGet("/api/home", homeSchema, { query: { territory }, signal });
}

/** The home page's four sections, optionally for one territory. */
export function useHome(territory: string | undefined) {
  return useQuery({
    queryKey: homeQueryKey(territory),
    queryFn: ({ signal }) => getHome(territory, signal),
    placeholderData: keepPreviousData,
  });
}
