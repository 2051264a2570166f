import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import type { ListingDetail } from "../../../core/contracts/browse";
import type {
  FollowedSellerPage,
  SavedSearch,
  SavedSearchList,
  WatchedIds,
  WatchlistPage,
} from "../../../core/contracts/watching";
import { queryKeys } from "../../lib/query-keys";
import { afterSignOut } from "../../lib/session-cache";
import {
  afterFollowChanged,
  afterSavedSearchDeleted,
  afterWatchChanged,
  showSavedSearch,
  showWatching,
} from "./cache";

let client: QueryClient;
const isInvalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
const ids = () => client.getQueryData<WatchedIds>(queryKeys.watching.watchedIds)?.ids;
const watchers = (id: string) =>
  client.getQueryData<ListingDetail>(queryKeys.listings.detail(id))?.watcherCount;
const listKey = queryKeys.watching.watchlist({ filter: "all", sort: "ending_soonest", page: 1 });

function search(id: string, notificationsEnabled = true): SavedSearch {
  return {
    id,
    name: id,
    query: { search: id },
    description: `"${id}"`,
    notificationsEnabled,
    createdAt: "2029-01-01T00:00:00.000Z",
  };
}

beforeEach(() => {
  client = new QueryClient();
  client.setQueryData<WatchedIds>(queryKeys.watching.watchedIds, { ids: ["a"] });
  client.setQueryData(queryKeys.listings.detail("a"), { id: "a", watcherCount: 3 });
  client.setQueryData(queryKeys.listings.detail("b"), { id: "b", watcherCount: 0 });
  client.setQueryData<WatchlistPage>(listKey, {
    items: [
      { listing: { id: "a" }, watchedAt: "2029-01-01T00:00:00.000Z" },
    ] as WatchlistPage["items"],
    total: 1,
    page: 1,
    pageSize: 24,
  });
});

describe("watching in the cache", () => {
  it("shows a watch at once and undoes only that listing when refused", () => {
    const undo = showWatching(client, "b", true);
    expect(ids()).toEqual(["a", "b"]);
    expect(watchers("b")).toBe(1);
    // Meanwhile another listing is unwatched; the undo must not bring it back.
    showWatching(client, "a", false);
    undo();
    expect(ids()).toEqual([]);
    expect(watchers("b")).toBe(0);
    expect(watchers("a")).toBe(2);
  });

  it("a watch already shown changes no count twice", () => {
    showWatching(client, "a", true);
    expect(watchers("a")).toBe(3);
  });

  it("an unwatch answered by the server takes the item off the watchlist pages and refetches them", () => {
    void afterWatchChanged(client, { listingId: "a", watching: false, watcherCount: 2 });
    expect(ids()).toEqual([]);
    expect(watchers("a")).toBe(2);
    const page = client.getQueryData<WatchlistPage>(listKey);
    expect(page?.items).toEqual([]);
    expect(page?.total).toBe(0);
    expect(isInvalidated(listKey)).toBe(true);
    expect(isInvalidated(queryKeys.listings.lists)).toBe(false);
  });

  it("a notifications switch shows at once and goes back on refusal; a delete leaves the list", () => {
    client.setQueryData<SavedSearchList>(queryKeys.watching.savedSearchList, {
      items: [search("s1"), search("s2")],
    });
    const undo = showSavedSearch(client, "s1", { notificationsEnabled: false });
    const enabled = () =>
      client
        .getQueryData<SavedSearchList>(queryKeys.watching.savedSearchList)
        ?.items.map((s) => s.notificationsEnabled);
    expect(enabled()).toEqual([false, true]);
    undo();
    expect(enabled()).toEqual([true, true]);
    void afterSavedSearchDeleted(client, "s1");
    expect(enabled()).toEqual([true]);
  });

  it("an unfollow takes the seller off the followed pages", () => {
    const pageKey = queryKeys.watching.followedSellerPage(1);
    client.setQueryData<FollowedSellerPage>(pageKey, {
      items: [{ seller: { id: "x" } }, { seller: { id: "y" } }] as FollowedSellerPage["items"],
      total: 2,
      page: 1,
      pageSize: 24,
    });
    client.setQueryData(queryKeys.watching.followedIds, { ids: ["x", "y"] });
    void afterFollowChanged(client, "x", false);
    expect(client.getQueryData<FollowedSellerPage>(pageKey)?.items.map((f) => f.seller.id)).toEqual(
      ["y"],
    );
    expect(client.getQueryData<WatchedIds>(queryKeys.watching.followedIds)?.ids).toEqual(["y"]);
  });

  it("signing out refreshes everything watched", async () => {
    await afterSignOut(client);
    expect(isInvalidated(queryKeys.watching.watchedIds)).toBe(true);
    expect(isInvalidated(listKey)).toBe(true);
  });
});
