import { orderSchema } from "../../../../core/contracts/buying";
import { apiRequest } from "../../../lib/api-client";

/**
 * POST /api/orders/{id}/cancel: the buyer came back from the provider's page without paying, so
 * the order is cancelled and the stock it held is released at once rather than at expiry.
 */
export function cancelOrder(id: string) {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}/cancel`, orderSchema, {
    method: "POST",
  });
}
