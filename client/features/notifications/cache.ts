import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type {
  Notification,
  NotificationPage,
  NotificationPreferences,
  NotificationRead,
  UnreadCount,
} from "../../../core/contracts/notifications";
import { invalidate } from "../../lib/invalidate";
import type { LiveEffect } from "../../lib/live-events";
import { queryKeys } from "../../lib/query-keys";

type CachedNotifications = NotificationPage | InfiniteData<NotificationPage, string | undefined>;

function pagesOf(data: CachedNotifications): NotificationPage[] {
  return "pages" in data ? data.pages : [data];
}

function patchPage(
  page: NotificationPage,
  patch: (n: Notification) => Notification,
  unreadCount: number | undefined,
): NotificationPage {
  return { ...page, items: page.items.map(patch), unreadCount: unreadCount ?? page.unreadCount };
}

/**
 * Writes a change into every cached notification list (the bell's and the page's): each item
 * through `patch`, and the new unread count when known.
 */
function patchCachedNotifications(
  client: QueryClient,
  patch: (n: Notification) => Notification,
  unreadCount?: number,
): void {
  client.setQueriesData<CachedNotifications>(
    { queryKey: queryKeys.notifications.lists },
    (data) => {
      if (!data) return data;
      if ("pages" in data)
        return { ...data, pages: data.pages.map((p) => patchPage(p, patch, unreadCount)) };
      return patchPage(data, patch, unreadCount);
    },
  );
}

/** The unread count as the page last heard it (the bell's list, else the page's), if any. */
function knownUnreadCount(client: QueryClient): number | undefined {
  const latest = client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
  if (latest) return latest.unreadCount;
  const list = client.getQueryData<InfiniteData<NotificationPage>>(queryKeys.notifications.list);
  return list?.pages[0]?.unreadCount;
}

function isCached(client: QueryClient, id: string): boolean {
  return client
    .getQueriesData<CachedNotifications>({ queryKey: queryKeys.notifications.lists })
    .some(([, data]) => data && pagesOf(data).some((p) => p.items.some((n) => n.id === id)));
}

/**
 * Puts a new notification at the top of every cached list, once. The bell keeps its size (it
 * never pages on); the page's first page grows instead, so its `nextCursor` stays right.
 */
function prependNotification(
  client: QueryClient,
  notification: Notification,
  unreadCount: number,
): void {
  client.setQueriesData<CachedNotifications>(
    { queryKey: queryKeys.notifications.lists },
    (data) => {
      if (!data) return data;
      if (pagesOf(data).some((p) => p.items.some((n) => n.id === notification.id)))
        return "pages" in data
          ? { ...data, pages: data.pages.map((p) => ({ ...p, unreadCount })) }
          : { ...data, unreadCount };
      if ("pages" in data)
        return {
          ...data,
          pages: data.pages.map((p, index) => ({
            ...p,
            items: index === 0 ? [notification, ...p.items] : p.items,
            total: p.total + 1,
            unreadCount,
          })),
        };
      return {
        ...data,
        items: [notification, ...data.items].slice(0, Math.max(data.pageSize, 1)),
        total: data.total + 1,
        unreadCount,
      };
    },
  );
}

/** One notification marked read: it and the count change at once (other tabs hear it live). */
export function afterNotificationRead(
  client: QueryClient,
  { notification, unreadCount }: NotificationRead,
): void {
  patchCachedNotifications(
    client,
    (n) => (n.id === notification.id ? notification : n),
    unreadCount,
  );
}

/** Everything marked read: what is on screen turns read at once, then the lists refetch. */
export function afterAllNotificationsRead(
  client: QueryClient,
  { unreadCount }: UnreadCount,
): Promise<void> {
  const readAt = new Date().toISOString();
  patchCachedNotifications(client, (n) => (n.read ? n : { ...n, read: true, readAt }), unreadCount);
  return invalidate(client, [queryKeys.notifications.lists]);
}

/**
 * Email choices saved: the server's answer is the truth for the kinds this change named (shown
 * optimistically already). Only those: the answer to an earlier change can arrive after a later
 * box was ticked, and must not untick it.
 */
export function afterNotificationPreferencesSaved(
  client: QueryClient,
  preferences: NotificationPreferences,
  named: readonly (keyof NotificationPreferences)[],
): void {
  client.setQueryData<NotificationPreferences>(queryKeys.notifications.preferences, (current) => {
    if (!current) return preferences;
    const next = { ...current };
    for (const kind of named) next[kind] = preferences[kind];
    return next;
  });
}

/**
 * A notification arrived (told live): it joins the cached lists once, with the server's unread
 * count. What its kind means elsewhere (an order shipped, a cancellation answered) is composed by
 * the app (client/app/live-effects.ts).
 */
export const onNotificationCreated: LiveEffect<"notification.created"> = (
  client,
  { unreadCount, notification },
) => {
  const known = knownUnreadCount(client);
  if (!notification) {
    patchCachedNotifications(client, (n) => n, unreadCount);
    void invalidate(client, [queryKeys.notifications.lists]);
    return;
  }
  const expected =
    known === undefined || isCached(client, notification.id) || notification.read
      ? known
      : known + 1;
  prependNotification(client, notification, unreadCount);
  // Any other count means the page missed a change (a reconnect, a read elsewhere).
  if (expected !== undefined && expected !== unreadCount)
    void invalidate(client, [queryKeys.notifications.lists]);
};

/** The unread count changed (told live: a read in another tab, or the count sent on connecting). */
export const onNotificationsUnread: LiveEffect<"notifications.unread"> = (
  client,
  { unreadCount },
) => {
  const known = knownUnreadCount(client);
  patchCachedNotifications(client, (n) => n, unreadCount);
  // Only a changed count means the lists are out of date (a read in another tab); the count
  // sent on every connect usually matches, and then nothing needs refetching.
  if (known !== undefined && known !== unreadCount)
    void invalidate(client, [queryKeys.notifications.lists]);
};
