import { describe, expect, it } from "vitest";
import { cacheUnderTest } from "../../lib/cache-test-kit";
import { queryKeys } from "../../lib/query-keys";
import { afterListingCreated } from "./cache";

const LISTING = "listing-1";

const cache = cacheUnderTest();
const { isInvalidated, seed } = cache;

describe("selling cache", () => {
  it("a new listing refreshes the lists it joins, not other listings' pages or the user's notifications", async () => {
    seed(
      queryKeys.listings.list({ search: "lamp" }),
      queryKeys.home.sections("north"),
      queryKeys.myListings.list,
      queryKeys.store.detail("seller-1"),
      queryKeys.store.detail("seller-2"),
      queryKeys.catalog.category("lamps"),
      queryKeys.catalog.categories,
      queryKeys.listings.detail(LISTING),
      queryKeys.notifications.latest,
      queryKeys.orders.list(1),
    );

    await afterListingCreated(cache.client, { sellerId: "seller-1" });

    for (const key of [
      queryKeys.listings.list({ search: "lamp" }),
      queryKeys.home.sections("north"),
      queryKeys.myListings.list,
      queryKeys.store.detail("seller-1"),
      queryKeys.catalog.category("lamps"),
    ])
      expect(isInvalidated(key), JSON.stringify(key)).toBe(true);
    for (const key of [
      queryKeys.store.detail("seller-2"),
      queryKeys.catalog.categories,
      queryKeys.listings.detail(LISTING),
      queryKeys.notifications.latest,
      queryKeys.orders.list(1),
    ])
      expect(isInvalidated(key), JSON.stringify(key)).toBe(false);
  });
});
