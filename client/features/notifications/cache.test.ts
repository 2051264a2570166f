import { type InfiniteData, QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import type { Notification, NotificationPage } from "../../../core/contracts/notifications";
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

let client: QueryClient;
const isInvalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
/** Puts data under each key, as a page that had loaded them would have. */
function seed(...keys: QueryKey[]) {
  for (const key of keys) client.setQueryData(key, { seeded: true });
}

beforeEach(() => {
  client = new QueryClient();
});

describe("notifications live", () => {
  it("notification.created prepends the notification once and sets the count", () => {
    client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    const list: InfiniteData<NotificationPage, string | undefined> = {
      pages: [page([notification("a")], 1, 20)],
      pageParams: [undefined],
    };
    client.setQueryData(queryKeys.notifications.list, list);
    seed(queryKeys.notifications.preferences);

    const event = { unreadCount: 2, notification: notification("b") };
    onNotificationCreated(client, event);
    onNotificationCreated(client, event);

    const latest = client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.items.map((n) => n.id)).toEqual(["b", "a"]);
    expect(latest).toMatchObject({ unreadCount: 2, total: 2 });
    const first = client.getQueryData<typeof list>(queryKeys.notifications.list)?.pages[0];
    expect(first?.items.map((n) => n.id)).toEqual(["b", "a"]);
    expect(first?.unreadCount).toBe(2);
    // One more unread, as expected: nothing needs refetching, preferences least of all.
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(false);
    expect(isInvalidated(queryKeys.notifications.preferences)).toBe(false);
  });

  it("notification.created without the notification sets the count and refetches the lists", () => {
    client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    onNotificationCreated(client, { unreadCount: 2 });

    const latest = client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.unreadCount).toBe(2);
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
  });

  it("notifications.unread sets the count, refetching the lists only when it changed", () => {
    client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    onNotificationsUnread(client, { unreadCount: 1 });
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(false);

    onNotificationsUnread(client, { unreadCount: 0 });
    const latest = client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.unreadCount).toBe(0);
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
  });
});
