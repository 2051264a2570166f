import { useQuery } from "@tanstack/react-query";
import { type Territory, territoryListSchema } from "../../../../core/contracts/browse";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export async function getTerritories(signal?: AbortSignal): Promise<Territory[]> {
  const { items } = await apiGet("/api/territories", territoryListSchema, { signal });
  return items;
}

export function useTerritories() {
  return useQuery({
    queryKey: queryKeys.catalog.territories,
    queryFn: ({ signal }) => getTerritories(signal),
    staleTime: 10 * 60_000,
  });
}
