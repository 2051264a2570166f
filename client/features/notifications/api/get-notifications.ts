import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import {
  NOTIFICATION_DROPDOWN_SIZE,
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationPage,
  notificationPageSchema,
} from "../../../../core/contracts/notifications";
import { apiGet } from "../../../lib/api-client";

/** Every notification query starts with this key: invalidating it refreshes the bell and the page. */
export const notificationsQueryKey = ["me", "notifications"] as const;
/** The bell's latest few, with the unread count the header shows. */
export const latestNotificationsQueryKey = [...notificationsQueryKey, "latest"] as const;
/** /notifications, a page at a time. */
export const notificationListQueryKey = [...notificationsQueryKey, "list"] as const;

/** GET /api/me/notifications: newest first; `cursor` is the previous page's `nextCursor`. */
export function getNotifications(
  query: { cursor?: string; limit: number },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return apiGet("/api/me/notifications", notificationPageSchema, { query, signal });
}

/** The latest few and the unread count, for the header's bell (signed in only). */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: latestNotificationsQueryKey,
    queryFn: ({ signal }) => getNotifications({ limit: NOTIFICATION_DROPDOWN_SIZE }, signal),
    enabled,
    // The live connection pushes changes; this only covers a page left open without one.
    staleTime: 60_000,
  });
}

/** Every notification, loaded a page at a time ("Load more"). */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: notificationListQueryKey,
    queryFn: ({ pageParam, signal }) =>
      getNotifications({ cursor: pageParam, limit: NOTIFICATION_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

type Cached = NotificationPage | InfiniteData<NotificationPage, string | undefined>;

function patchPage(
  page: NotificationPage,
  patch: (n: Notification) => Notification,
  unreadCount: number | undefined,
): NotificationPage {
  return {
    ...page,
    items: page.items.map(patch),
    unreadCount: unreadCount ?? page.unreadCount,
  };
}

/**
 * Writes a change into every cached notification query (the bell's and the page's): each item
 * through `patch`, and the new unread count when known.
 */
export function patchCachedNotifications(
  client: QueryClient,
  patch: (n: Notification) => Notification,
  unreadCount?: number,
): void {
  client.setQueriesData<Cached>({ queryKey: notificationsQueryKey }, (data) => {
    if (!data) return data;
    if ("pages" in data)
      return { ...data, pages: data.pages.map((p) => patchPage(p, patch, unreadCount)) };
    return patchPage(data, patch, unreadCount);
  });
}

/** The bell's count, as last heard (from the list or the live connection). */
export function setUnreadCount(client: QueryClient, unreadCount: number): void {
  patchCachedNotifications(client, (n) => n, unreadCount);
}
