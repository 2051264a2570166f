import { useQuery } from "@tanstack/react-query";
import { orderSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/orders/{id}: one of the signed-in buyer's orders. */
export function getOrder(id: string, signal?: AbortSignal) {
  return apiGet(`/api/orders/${encodeURIComponent(id)}`, orderSchema, { signal });
}

const POLL_MS = 1000;

/** One order; with `pollWhilePending`, asked again every second while it awaits its payment. */
export function useOrder(id: string, { pollWhilePending = false } = {}) {
  return useQuery({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: id !== "",
    staleTime: 0,
    refetchInterval: (query) =>
      pollWhilePending && query.state.data?.status === "pending" ? POLL_MS : false,
  });
}
