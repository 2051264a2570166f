import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { queryKeys } from "../../lib/query-keys";
import { afterSignOut } from "../../lib/session-cache";
import { afterAdminDataChanged, afterStaffAction } from "./cache";

let client: QueryClient;
const isInvalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

const keys = {
  dashboard: queryKeys.admin.dashboard,
  reports: queryKeys.admin.reports({ status: "open", page: 1 }),
  user: queryKeys.admin.user("u1"),
  listingPage: queryKeys.listings.detail("l1"),
  search: queryKeys.listings.list({ search: "mask" }),
  store: queryKeys.store.detail("s1"),
  home: queryKeys.home.sections(undefined),
  cart: queryKeys.cart.saved,
  categories: queryKeys.catalog.categories,
};

beforeEach(() => {
  client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, {});
});

describe("admin invalidations", () => {
  it("a staff action refreshes the admin area and every public view of listings", async () => {
    await afterStaffAction(client);
    for (const key of [
      keys.dashboard,
      keys.reports,
      keys.user,
      keys.listingPage,
      keys.search,
      keys.store,
      keys.home,
    ]) {
      expect(isInvalidated(key), JSON.stringify(key)).toBe(true);
    }
    // Nothing of the staff member's own shopping or the category tree.
    expect(isInvalidated(keys.cart)).toBe(false);
    expect(isInvalidated(keys.categories)).toBe(false);
  });

  it("an assignment or a rule refreshes only the admin area", async () => {
    await afterAdminDataChanged(client);
    expect(isInvalidated(keys.reports)).toBe(true);
    expect(isInvalidated(keys.dashboard)).toBe(true);
    expect(isInvalidated(keys.listingPage)).toBe(false);
    expect(isInvalidated(keys.search)).toBe(false);
  });

  it("signing out refreshes what the admin area showed (it depends on who is signed in)", async () => {
    await afterSignOut(client);
    expect(isInvalidated(keys.reports)).toBe(true);
    expect(isInvalidated(keys.dashboard)).toBe(true);
  });
});
