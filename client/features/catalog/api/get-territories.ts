import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Territory, territoryListSchema } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export async function getTerritories(signal?: AbortSignal): Promise<Territory[]> {
  const { items } = await apiGet(
    "/api/territories",
    trusted<z.output<typeof territoryListSchema>>(),
    { signal },
  );
  return items;
}

export function useTerritories() {
  return useQuery({
    queryKey: queryKeys.catalog.territories,
    queryFn: ({ signal }) => getTerritories(signal),
    staleTime: 10 * 60_000,
  });
}
