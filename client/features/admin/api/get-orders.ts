import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminOrderDetailSchema, adminOrderPageSchema } from "../../../../core/contracts/admin";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/admin/orders?q=: by order number or buyer's email. */
export function getOrders(query: { q: string; page: number }, signal?: AbortSignal) {
  return apiGet("/api/admin/orders", adminOrderPageSchema, { query, signal });
}

export function useOrders(query: { q: string; page: number }) {
  return useQuery({
    queryKey: queryKeys.admin.orders(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/orders/{id}: lines, payment events and refunds. */
export function getOrder(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/orders/${encodeURIComponent(id)}`, adminOrderDetailSchema, {
    signal,
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.admin.order(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}
