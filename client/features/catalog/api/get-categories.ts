import { useQuery } from "@tanstack/react-query";
import type { CategoryTree } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getCategories(signal?: AbortSignal): Promise<CategoryTree> {
  return apiGet("/api/categories", trusted<CategoryTree>(), { signal });
}

/** The whole category tree; it rarely changes, so it stays fresh for ten minutes. */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.catalog.categories,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });
}
