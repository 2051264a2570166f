import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * A sale was marked shipped or ready for pickup, or received (here or, told live, elsewhere): the
 * buyer's order and the seller's sale row show its state, and a shipped part can no longer be
 * asked to be cancelled (Purchase History's "Request cancellation" reads the cancellation query).
 */
export function afterShippingChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.orders.all,
    queryKeys.sales.all,
    queryKeys.cancellations.all,
  ]);
}
