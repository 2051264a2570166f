import { Bell } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { Notification } from "../../../../core/contracts/notifications";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { useDropdown } from "../../../lib/use-dismiss";
import { useLatestNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { useLiveNotifications } from "../hooks/use-live-notifications";
import { NotificationItem } from "./notification-item";
import { NotificationSettingsLink } from "./notification-settings-link";

/** "3 unread" for the bell's name; the badge shows 99+ past 99. */
export function unreadLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : "Notifications";
}

/**
 * The header's bell (signed in only): the unread count, kept live, and a dropdown of the latest
 * few with "Mark all as read" and "See all".
 */
export function NotificationBell() {
  const { user } = useSession();
  const latest = useLatestNotifications(Boolean(user));
  useLiveNotifications(user?.id);
  const { open, close, toggle, container, trigger, menuId } = useDropdown();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  if (!user) return null;

  const count = latest.data?.unreadCount ?? 0;
  const follow = (n: Notification) => {
    close();
    // Failing silently, as the spec has a message's read mark do: the link still works.
    if (!n.read) markRead.mutate(n.id);
  };

  return (
    <div ref={container} className="sm:relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={unreadLabel(count)}
        onClick={toggle}
        className="relative inline-flex h-10 w-9 items-center justify-center rounded-lg text-slate-800 hover:bg-brand-50 sm:w-10"
      >
        <Bell aria-hidden="true" className="size-6" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-coral-700 px-1 text-xs font-bold text-white tabular-nums"
          >
            {count > 99 ? "99+" : count}
          </span>
        )}
      </button>
      <section
        id={menuId}
        hidden={!open}
        aria-labelledby={`${menuId}-title`}
        className="absolute inset-x-2 z-40 mt-1 rounded-xl border border-sand-200 bg-white text-slate-900 shadow-lg sm:inset-x-auto sm:right-0 sm:w-96"
      >
        <div className="flex items-center justify-between gap-2 border-b border-sand-200 px-4 py-2">
          <h2 id={`${menuId}-title`} className="font-bold">
            Notifications
          </h2>
          <button
            type="button"
            disabled={count === 0 || markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onError: (error) =>
                  toast.error(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE),
              })
            }
            className="rounded px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-600 disabled:hover:bg-transparent"
          >
            Mark all as read
          </button>
        </div>
        {latest.isPending ? (
          <Spinner label="Loading notifications..." className="py-6" />
        ) : latest.isError ? (
          <p className="px-4 py-6 text-sm text-slate-700">
            We couldn't load your notifications.{" "}
            <button
              type="button"
              onClick={() => void latest.refetch()}
              className="font-semibold text-brand-800 underline"
            >
              Try again
            </button>
          </p>
        ) : latest.data.items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-700">
            You have no notifications yet.
          </p>
        ) : (
          <ul className="max-h-[min(24rem,60vh)] divide-y divide-sand-200 overflow-y-auto">
            {latest.data.items.map((n) => (
              <li key={n.id} className="flex">
                <NotificationItem notification={n} onFollow={follow} compact />
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2 border-t border-sand-200 px-4 py-2">
          <Link
            to="/notifications"
            onClick={close}
            className="inline-block rounded px-2 py-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            See all
          </Link>
          <NotificationSettingsLink onClick={close} />
        </div>
      </section>
    </div>
  );
}
