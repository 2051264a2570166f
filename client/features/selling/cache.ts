import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/** One seller's store header when the seller is known, otherwise every cached one. */
function storeOf(sellerId: string | undefined): QueryKey {
  return sellerId ? queryKeys.store.detail(sellerId) : queryKeys.store.all;
}

/** A listing was created: it joins browse lists, home, category counts and the seller's lists. */
export function afterListingCreated(
  client: QueryClient,
  { sellerId }: { sellerId: string | undefined },
): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.lists,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails, // listing counts
    queryKeys.myListings.all,
    storeOf(sellerId), // the store's count of open listings
  ]);
}

/** A listing was edited: anything may have changed (kind, category, quantity, end, photos). */
export function afterListingUpdated(
  client: QueryClient,
  { listingId, sellerId }: { listingId: string; sellerId: string | undefined },
): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.detail(listingId),
    queryKeys.listings.edit(listingId),
    queryKeys.listings.lists,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails, // a new category moves the counts
    queryKeys.myListings.all,
    storeOf(sellerId), // quantity and end decide whether it counts as open
  ]);
}

/** A listing was deleted: it leaves every list and its own page. */
export function afterListingDeleted(
  client: QueryClient,
  { listingId, sellerId }: { listingId: string; sellerId: string | undefined },
): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.item(listingId),
    queryKeys.listings.lists,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails,
    queryKeys.myListings.all,
    storeOf(sellerId),
  ]);
}
