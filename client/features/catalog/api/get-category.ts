import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CategoryDetail } from "../../../../core/contracts/browse";
import { apiGet, trusted } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getCategory(slug: string, signal?: AbortSignal): Promise<CategoryDetail> {
  return apiGet(`/api/categories/${encodeURIComponent(slug)}`, trusted<CategoryDetail>(), {
    signal,
  });
}

/** One category with its parent and the subcategories (with listing counts) to show beside it. */
export function useCategory(slug: string) {
  return useQuery({
    queryKey: queryKeys.catalog.category(slug),
    queryFn: ({ signal }) => getCategory(slug, signal),
    staleTime: 60_000,
    // Moving between subcategories keeps the page (and its open filter panel) on screen.
    placeholderData: keepPreviousData,
  });
}
