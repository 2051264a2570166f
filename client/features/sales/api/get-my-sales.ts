import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { salePageSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const MY_SALES_PAGE_SIZE = 10;

/**
 * GET /api/me/sales: the lines other people bought from the signed-in seller, newest first; with
 * `holding`, the page that holds that order's lines (its `page` says which).
 */
export function getMySales(page: number, holding?: string, signal?: AbortSignal) {
  return apiGet("/api/me/sales", salePageSchema, {
    query: holding
      ? { order: holding, pageSize: MY_SALES_PAGE_SIZE }
      : { page, pageSize: MY_SALES_PAGE_SIZE },
    signal,
  });
}

export function useMySales(page: number, holding?: string) {
  return useQuery({
    queryKey: holding ? queryKeys.sales.listHolding(holding) : queryKeys.sales.list(page),
    queryFn: ({ signal }) => getMySales(page, holding, signal),
    placeholderData: keepPreviousData,
  });
}
