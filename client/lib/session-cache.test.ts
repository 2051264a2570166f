import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { queryKeys } from "./query-keys";
import { afterSignOut } from "./session-cache";

const LISTING = "listing-1";

let client: QueryClient;
const isInvalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
/** Puts data under each key, as a page that had loaded them would have. */
function seed(...keys: QueryKey[]) {
  for (const key of keys) client.setQueryData(key, { seeded: true });
}

beforeEach(() => {
  client = new QueryClient();
});

describe("session cache", () => {
  it("signing out forgets the user and refreshes their data, but never re-posts an emailed token", async () => {
    client.setQueryData(queryKeys.session.current, { user: { id: "me" } });
    seed(
      queryKeys.notifications.latest,
      queryKeys.orders.list(1),
      queryKeys.listings.detail(LISTING),
      queryKeys.auth.confirmEmail("token"),
      queryKeys.catalog.categories,
    );

    await afterSignOut(client);

    expect(client.getQueryData(queryKeys.session.current)).toEqual({ user: null });
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
    expect(isInvalidated(queryKeys.orders.list(1))).toBe(true);
    expect(isInvalidated(queryKeys.listings.detail(LISTING))).toBe(true);
    expect(isInvalidated(queryKeys.auth.confirmEmail("token"))).toBe(false);
    expect(isInvalidated(queryKeys.catalog.categories)).toBe(false);
  });
});
