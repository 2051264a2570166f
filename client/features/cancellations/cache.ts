import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * A cancellation was asked, answered or refunded (here or, told live, elsewhere): both sides'
 * order and sale rows and the requests change, and accepted stock is back on sale.
 */
export function afterCancellationChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.cancellations.all,
    queryKeys.orders.all,
    queryKeys.sales.all,
    queryKeys.listings.all,
  ]);
}
