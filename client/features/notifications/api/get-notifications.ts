import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  NOTIFICATION_DROPDOWN_SIZE,
  NOTIFICATION_PAGE_SIZE,
  type NotificationPage,
  notificationPageSchema,
} from "../../../../core/contracts/notifications";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

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
    queryKey: queryKeys.notifications.latest,
    queryFn: ({ signal }) => getNotifications({ limit: NOTIFICATION_DROPDOWN_SIZE }, signal),
    enabled,
    // The live connection pushes changes; this only covers a page left open without one.
    staleTime: 60_000,
  });
}

/** Every notification, loaded a page at a time ("Load more"). */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ pageParam, signal }) =>
      getNotifications({ cursor: pageParam, limit: NOTIFICATION_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
