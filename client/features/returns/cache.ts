import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * A return, a missing-parcel request or a case moved (here or, told live, elsewhere): the order
 * page (its requests and timeline), both sides' lists, staff's cases, and refunds on the orders.
 */
export function afterReturnChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.returns.all,
    queryKeys.orders.all,
    queryKeys.sales.all,
    queryKeys.cancellations.all,
  ]);
}
