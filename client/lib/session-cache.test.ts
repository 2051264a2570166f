import { describe, expect, it } from "vitest";
import { cacheUnderTest } from "./cache-test-kit";
import { queryKeys } from "./query-keys";
import { afterSignOut } from "./session-cache";

const LISTING = "listing-1";

const cache = cacheUnderTest();
const { isInvalidated, seed } = cache;

describe("session cache", () => {
  it("signing out forgets the user and refreshes their data, but never re-posts an emailed token", async () => {
    cache.client.setQueryData(queryKeys.session.current, { user: { id: "me" } });
    seed(
      queryKeys.notifications.latest,
      queryKeys.orders.list(1),
      queryKeys.listings.detail(LISTING),
      queryKeys.auth.confirmEmail("token"),
      queryKeys.catalog.categories,
    );

    await afterSignOut(cache.client);

    expect(cache.client.getQueryData(queryKeys.session.current)).toEqual({ user: null });
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
    expect(isInvalidated(queryKeys.orders.list(1))).toBe(true);
    expect(isInvalidated(queryKeys.listings.detail(LISTING))).toBe(true);
    expect(isInvalidated(queryKeys.auth.confirmEmail("token"))).toBe(false);
    expect(isInvalidated(queryKeys.catalog.categories)).toBe(false);
  });
});
