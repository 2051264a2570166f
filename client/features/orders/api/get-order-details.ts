import { useQuery } from "@tanstack/react-query";
import { orderDetailsSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/orders/{id}/details: the order page, for its buyer or one of its sellers. */
export function getOrderDetails(id: string, signal?: AbortSignal) {
  return apiGet(`/api/orders/${encodeURIComponent(id)}/details`, orderDetailsSchema, { signal });
}

export function useOrderDetails(id: string) {
  return useQuery({
    queryKey: queryKeys.orders.page(id),
    queryFn: ({ signal }) => getOrderDetails(id, signal),
  });
}
