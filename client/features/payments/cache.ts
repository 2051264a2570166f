import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * The sandbox took the payment: the order is paid and its listings' stock is sold (a listing
 * may sell out and leave lists, sections, counts and stores). Only marked stale: the page is
 * leaving for the confirmation.
 */
export function afterPaymentSucceeded(client: QueryClient): Promise<void> {
  return invalidate(
    client,
    [
      queryKeys.orders.all,
      queryKeys.cart.all,
      queryKeys.listings.all,
      queryKeys.home.all,
      queryKeys.catalog.categoryDetails,
      queryKeys.store.all,
      queryKeys.myBids.all, // a won auction is paid for
    ],
    "none",
  );
}

/** The buyer gave up on the sandbox page: the order is cancelled; marked stale, the page leaves. */
export function afterPaymentCancelled(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.orders.all, queryKeys.cart.all], "none");
}
