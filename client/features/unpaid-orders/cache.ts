import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * An unpaid order was cancelled from Purchase History or the cart's offer: its stock is free again
 * for everyone, so its listings' pages and the cart's check are asked again.
 */
export function afterUnpaidOrderCancelled(
  client: QueryClient,
  listingIds: readonly string[],
): Promise<void> {
  return invalidate(client, [
    queryKeys.orders.all,
    queryKeys.cart.all,
    ...listingIds.map((id) => queryKeys.listings.detail(id)),
  ]);
}
