import { PageTitle } from "../../components/ui/page-title";
import { NotificationList } from "../../features/notifications/components/notification-list";
import { NotificationSettingsLink } from "../../features/notifications/components/notification-settings-link";

/** /notifications (signed in only): every notification, newest first, markable read. */
export function NotificationsPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Notifications" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Notifications</h1>
        <NotificationSettingsLink />
      </div>
      <NotificationList />
    </div>
  );
}
