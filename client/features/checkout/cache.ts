import type { QueryClient } from "@tanstack/react-query";
import type { CheckoutRequest } from "../../../core/contracts/buying";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * Checkout started: stock is reserved and a pending order exists. Only marked stale: the page
 * is leaving for the provider's, so a refetch now would be cut off.
 */
export function afterCheckoutStarted(client: QueryClient, request: CheckoutRequest): Promise<void> {
  const lines = "lines" in request ? request.lines : [];
  return invalidate(
    client,
    [
      queryKeys.cart.all, // reserved stock is no longer available
      queryKeys.orders.all, // the pending order
      ...lines.map((line) => queryKeys.listings.detail(line.listingId)), // their stock
    ],
    "none",
  );
}

/** Back from the provider without paying: the order is cancelled and its stock free again. */
export function afterOrderCancelled(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.orders.all, queryKeys.cart.all]);
}
