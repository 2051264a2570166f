import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Territory, territoryListSchema } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/territories, for the Deliver to chooser (the same cache as the catalog's). */
export function useDeliveryTerritories() {
  return useQuery({
    queryKey: queryKeys.catalog.territories,
    queryFn: async ({ signal }): Promise<Territory[]> =>
      (
        await apiGet("/api/territories", trusted<z.output<typeof territoryListSchema>>(), {
          signal,
        })
      ).items,
    staleTime: 10 * 60_000,
  });
}
