import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ListingDetail } from "../../../core/contracts/browse";
import type {
  FollowedIds,
  FollowedSeller,
  FollowedSellerPage,
  SavedSearch,
  SavedSearchList,
  WatchedIds,
  WatchlistPage,
  WatchState,
} from "../../../core/contracts/watching";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

type IdList = WatchedIds | FollowedIds;

/** Puts `id` in or out of a cached id list (the hearts' or the Follow buttons'). */
function setMembership(
  client: QueryClient,
  key: QueryKey,
  id: string,
  member: boolean,
): boolean | undefined {
  const before = client.getQueryData<IdList>(key);
  const was = before?.ids.includes(id);
  client.setQueryData<IdList>(key, (current) => {
    if (!current || current.ids.includes(id) === member) return current;
    return { ids: member ? [...current.ids, id] : current.ids.filter((x) => x !== id) };
  });
  return was;
}

/**
 * Shows a watch or unwatch at once (hearts, the listing page's button and its count) before
 * the server answers. Returns the undo for a refusal, which puts back only this listing: another
 * toggle may be on its way meanwhile.
 */
export function showWatching(client: QueryClient, listingId: string, watching: boolean) {
  const key = queryKeys.watching.watchedIds;
  const was = setMembership(client, key, listingId, watching);
  const detailKey = queryKeys.listings.detail(listingId);
  const shift = was === undefined || was === watching ? 0 : watching ? 1 : -1;
  if (shift !== 0)
    client.setQueryData<ListingDetail>(detailKey, (current) =>
      current ? { ...current, watcherCount: Math.max(0, current.watcherCount + shift) } : current,
    );
  return () => {
    if (was !== undefined) setMembership(client, key, listingId, was);
    if (shift !== 0)
      client.setQueryData<ListingDetail>(detailKey, (current) =>
        current ? { ...current, watcherCount: Math.max(0, current.watcherCount - shift) } : current,
      );
  };
}

/**
 * Watched or unwatched (the server's answer): the heart, the button and its count show it; an
 * unwatched item leaves the watchlist pages at once, and they refetch (filters, counts, order).
 */
export function afterWatchChanged(client: QueryClient, state: WatchState): Promise<void> {
  setMembership(client, queryKeys.watching.watchedIds, state.listingId, state.watching);
  client.setQueryData<ListingDetail>(queryKeys.listings.detail(state.listingId), (current) =>
    current ? { ...current, watcherCount: state.watcherCount } : current,
  );
  if (!state.watching)
    client.setQueriesData<WatchlistPage>({ queryKey: queryKeys.watching.watchlists }, (page) => {
      if (!page?.items.some((item) => item.listing.id === state.listingId)) return page;
      return {
        ...page,
        items: page.items.filter((item) => item.listing.id !== state.listingId),
        total: Math.max(0, page.total - 1),
      };
    });
  // The ids too: a fetch of them begun before this write (right after signing in, say) would
  // otherwise land after it and put the old list back.
  return invalidate(client, [queryKeys.watching.watchlists, queryKeys.watching.watchedIds]);
}

/** Writes a change into the cached saved search list and its edit form; returns the undo. */
export function showSavedSearch(
  client: QueryClient,
  id: string,
  patch: Partial<SavedSearch>,
): () => void {
  const list = client.getQueryData<SavedSearchList>(queryKeys.watching.savedSearchList);
  const before = list?.items.find((s) => s.id === id);
  const write = (change: Partial<SavedSearch>) => {
    client.setQueryData<SavedSearchList>(queryKeys.watching.savedSearchList, (current) =>
      current
        ? { items: current.items.map((s) => (s.id === id ? { ...s, ...change } : s)) }
        : current,
    );
    client.setQueryData<SavedSearch>(queryKeys.watching.savedSearch(id), (current) =>
      current ? { ...current, ...change } : current,
    );
  };
  write(patch);
  return () => {
    if (!before) return;
    const undo: Partial<SavedSearch> = {};
    for (const field of Object.keys(patch) as (keyof SavedSearch)[])
      Object.assign(undo, { [field]: before[field] });
    write(undo);
  };
}

/** A search was saved: the list shows it (refetched, for the server's order). */
export function afterSavedSearchCreated(client: QueryClient, search: SavedSearch): Promise<void> {
  client.setQueryData(queryKeys.watching.savedSearch(search.id), search);
  return invalidate(client, [queryKeys.watching.savedSearchList]);
}

/** A saved search changed: the server's answer (its canonical query and description) is the truth. */
export function afterSavedSearchUpdated(client: QueryClient, search: SavedSearch): void {
  client.setQueryData(queryKeys.watching.savedSearch(search.id), search);
  client.setQueryData<SavedSearchList>(queryKeys.watching.savedSearchList, (current) =>
    current ? { items: current.items.map((s) => (s.id === search.id ? search : s)) } : current,
  );
}

/** A saved search was deleted: it leaves the list at once; its edit form is forgotten. */
export function afterSavedSearchDeleted(client: QueryClient, id: string): Promise<void> {
  client.setQueryData<SavedSearchList>(queryKeys.watching.savedSearchList, (current) =>
    current ? { items: current.items.filter((s) => s.id !== id) } : current,
  );
  client.removeQueries({ queryKey: queryKeys.watching.savedSearch(id), exact: true });
  return invalidate(client, [queryKeys.watching.savedSearchList]);
}

/** Shows a follow or unfollow at once (every Follow button); returns the undo for a refusal. */
export function showFollowing(client: QueryClient, sellerId: string, following: boolean) {
  const key = queryKeys.watching.followedIds;
  const was = setMembership(client, key, sellerId, following);
  return () => {
    if (was !== undefined) setMembership(client, key, sellerId, was);
  };
}

/**
 * Followed or unfollowed (the server's answer): every Follow button shows it; an unfollowed
 * seller leaves /watchlist/sellers at once, and its pages refetch.
 */
export function afterFollowChanged(
  client: QueryClient,
  sellerId: string,
  following: boolean,
): Promise<void> {
  setMembership(client, queryKeys.watching.followedIds, sellerId, following);
  if (!following)
    client.setQueriesData<FollowedSellerPage>(
      { queryKey: queryKeys.watching.followedSellers },
      (page) => {
        if (!page?.items.some((item) => item.seller.id === sellerId)) return page;
        return {
          ...page,
          items: page.items.filter((item) => item.seller.id !== sellerId),
          total: Math.max(0, page.total - 1),
        };
      },
    );
  // The ids too: an older fetch of them must not land after this write.
  return invalidate(client, [queryKeys.watching.followedSellers, queryKeys.watching.followedIds]);
}

/** Writes a follow's notification choice into the cached pages; returns the undo. */
export function showFollowNotifications(
  client: QueryClient,
  sellerId: string,
  notificationsEnabled: boolean,
): () => void {
  const write = (enabled: boolean) =>
    client.setQueriesData<FollowedSellerPage>(
      { queryKey: queryKeys.watching.followedSellers },
      (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) =>
                item.seller.id === sellerId ? { ...item, notificationsEnabled: enabled } : item,
              ),
            }
          : page,
    );
  write(notificationsEnabled);
  return () => write(!notificationsEnabled);
}

/** A follow's notification choice saved: the server's answer is the truth. */
export function afterFollowUpdated(client: QueryClient, followed: FollowedSeller): void {
  client.setQueriesData<FollowedSellerPage>(
    { queryKey: queryKeys.watching.followedSellers },
    (page) =>
      page
        ? {
            ...page,
            items: page.items.map((item) =>
              item.seller.id === followed.seller.id ? followed : item,
            ),
          }
        : page,
  );
}
