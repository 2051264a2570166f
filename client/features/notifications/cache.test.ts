import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Notification, NotificationPage } from "../../../core/contracts/notifications";
import { cacheUnderTest } from "../../lib/cache-test-kit";
import { queryKeys } from "../../lib/query-keys";
import { onNotificationCreated, onNotificationsUnread } from "./cache";

function notification(id: string, read = false): Notification {
  return {
    id,
    kind: "outbid",
    text: `Notification ${id}`,
    link: null,
    read,
    readAt: null,
    createdAt: "2029-01-01T00:00:00.000Z",
  } as Notification;
}

function page(items: Notification[], unreadCount: number, pageSize = 5): NotificationPage {
  return { items, total: items.length, page: 1, pageSize, unreadCount, nextCursor: null };
}

const cache = cacheUnderTest();
const { isInvalidated, seed } = cache;

describe("notifications live", () => {
  it("notification.created prepends the notification once and sets the count", () => {
    cache.client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    const list: InfiniteData<NotificationPage, string | undefined> = {
      pages: [page([notification("a")], 1, 20)],
      pageParams: [undefined],
    };
    cache.client.setQueryData(queryKeys.notifications.list, list);
    seed(queryKeys.notifications.preferences);

    const event = { unreadCount: 2, notification: notification("b") };
    onNotificationCreated(cache.client, event);
    onNotificationCreated(cache.client, event);

    const latest = cache.client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.items.map((n) => n.id)).toEqual(["b", "a"]);
    expect(latest).toMatchObject({ unreadCount: 2, total: 2 });
    const first = cache.client.getQueryData<typeof list>(queryKeys.notifications.list)?.pages[0];
    expect(first?.items.map((n) => n.id)).toEqual(["b", "a"]);
    expect(first?.unreadCount).toBe(2);
    // One more unread, as expected: nothing needs refetching, preferences least of all.
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(false);
    expect(isInvalidated(queryKeys.notifications.preferences)).toBe(false);
  });

  it("notification.created without the notification sets the count and refetches the lists", () => {
    cache.client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    onNotificationCreated(cache.client, { unreadCount: 2 });

    const latest = cache.client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.unreadCount).toBe(2);
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
  });

  it("notifications.unread sets the count, refetching the lists only when it changed", () => {
    cache.client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    onNotificationsUnread(cache.client, { unreadCount: 1 });
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(false);

    onNotificationsUnread(cache.client, { unreadCount: 0 });
    const latest = cache.client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.unreadCount).toBe(0);
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
  });
});
