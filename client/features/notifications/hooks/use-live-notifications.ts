import { useQueryClient } from "@tanstack/react-query";
import type { NotificationPage } from "../../../../core/contracts/notifications";
import { useLiveUser } from "../../../lib/live-auctions";
import {
  latestNotificationsQueryKey,
  notificationsQueryKey,
  setUnreadCount,
} from "../api/get-notifications";

/**
 * Follows the signed-in user's notifications on the page's live connection: the bell's count
 * changes at once, and the lists are refetched when something new arrived (or when the count
 * says the page missed a change, after a reconnect or a read in another tab).
 */
export function useLiveNotifications(userId: string | undefined): void {
  const client = useQueryClient();
  useLiveUser(userId, ({ created, unreadCount }) => {
    const known = client.getQueryData<NotificationPage>(latestNotificationsQueryKey)?.unreadCount;
    setUnreadCount(client, unreadCount);
    if (created || (known !== undefined && known !== unreadCount))
      void client.invalidateQueries({ queryKey: notificationsQueryKey });
  });
}
