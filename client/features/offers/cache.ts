import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * An offer moved (here, or told live by a notification): every offer list and the buyer's offers
 * on a listing page read it again; an agreement also reserves stock and makes an unpaid order, so
 * the listing pages, Selling, and the buyer's unpaid orders do too.
 */
export function afterOfferChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.offers.all,
    queryKeys.listings.all,
    queryKeys.myListings.all,
    queryKeys.orders.all,
    queryKeys.sales.all,
  ]);
}
