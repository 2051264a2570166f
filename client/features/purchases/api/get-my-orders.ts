import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { orderPageSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const MY_ORDERS_PAGE_SIZE = 10;

/** GET /api/me/orders: the signed-in buyer's orders, newest first. */
export function getMyOrders(page: number, signal?: AbortSignal) {
  return apiGet("/api/me/orders", orderPageSchema, {
    query: { page, pageSize: MY_ORDERS_PAGE_SIZE },
    signal,
  });
}

export function useMyOrders(page: number) {
  return useQuery({
    queryKey: queryKeys.orders.list(page),
    queryFn: ({ signal }) => getMyOrders(page, signal),
    placeholderData: keepPreviousData,
  });
}
