import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { orderPageSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const MY_ORDERS_PAGE_SIZE = 10;

/**
 * GET /api/me/orders: the signed-in buyer's orders, newest first; with `holding`, the page that
 * holds that order (its `page` says which).
 */
export function getMyOrders(page: number, holding?: string, signal?: AbortSignal) {
  return apiGet("/api/me/orders", orderPageSchema, {
    query: holding
      ? { order: holding, pageSize: MY_ORDERS_PAGE_SIZE }
      : { page, pageSize: MY_ORDERS_PAGE_SIZE },
    signal,
  });
}

export function useMyOrders(page: number, holding?: string) {
  return useQuery({
    queryKey: holding ? queryKeys.orders.listHolding(holding) : queryKeys.orders.list(page),
    queryFn: ({ signal }) => getMyOrders(page, holding, signal),
    placeholderData: keepPreviousData,
  });
}
