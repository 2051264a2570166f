import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { salePageSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const MY_SALES_PAGE_SIZE = 10;

/** GET /api/me/sales: the lines other people bought from the signed-in seller, newest first. */
export function getMySales(page: number, signal?: AbortSignal) {
  return apiGet("/api/me/sales", salePageSchema, {
    query: { page, pageSize: MY_SALES_PAGE_SIZE },
    signal,
  });
}

export function useMySales(page: number) {
  return useQuery({
    queryKey: queryKeys.sales.list(page),
    queryFn: ({ signal }) => getMySales(page, signal),
    placeholderData: keepPreviousData,
  });
}
