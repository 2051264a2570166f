import { Bell, Check } from "lucide-react";
import { toast } from "sonner";
import type { Notification } from "../../../../core/contracts/notifications";
import { Button } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { pluralize } from "../../../lib/format";
import { useNotificationList } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { NotificationItem } from "./notification-item";

const failed = (error: Error) =>
  toast.error(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE);

/**
 * Every notification of the signed-in user, newest first, a page at a time (Load more), each
 * one markable read; Mark all as read above them.
 */
export function NotificationList() {
  const list = useNotificationList();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  if (list.isPending) return <Spinner label="Loading your notifications..." showLabel />;
  if (list.isError)
    return (
      <ErrorState
        message="We couldn't load your notifications."
        onRetry={() => void list.refetch()}
      />
    );

  // A page refetched while new ones arrived may repeat an item of the next.
  const seen = new Set<string>();
  const items = list.data.pages
    .flatMap((p) => p.items)
    .filter((n) => !seen.has(n.id) && seen.add(n.id));
  const first = list.data.pages[0];
  const unread = first?.unreadCount ?? 0;
  const total = first?.total ?? 0;
  const follow = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
  };

  if (items.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
        <Bell aria-hidden="true" className="size-10 text-brand-600" />
        <p className="text-lg font-semibold text-slate-900">You have no notifications yet.</p>
        <p className="text-slate-700">
          Bids, wins, sales and payments will show here as they happen.
        </p>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" aria-live="polite">
          {pluralize(total, "notification")}, {unread} unread
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: failed })}
        >
          <Check aria-hidden="true" className="size-4" />
          Mark all as read
        </Button>
      </div>
      <ul className="divide-y divide-sand-200 overflow-hidden rounded-xl border border-sand-200 bg-white">
        {items.map((n) => (
          <li key={n.id} className="flex flex-col gap-1 p-1 sm:flex-row sm:items-center">
            <NotificationItem notification={n} onFollow={follow} />
            {!n.read && (
              <Button
                variant="ghost"
                size="sm"
                className="self-end sm:mr-2 sm:self-center"
                disabled={markRead.isPending && markRead.variables === n.id}
                onClick={() => markRead.mutate(n.id, { onError: failed })}
                aria-label={`Mark as read: ${n.text}`}
              >
                Mark as read
              </Button>
            )}
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}
