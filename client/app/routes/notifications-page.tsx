import { PageTitle } from "../../components/ui/page-title";
import { NotificationList } from "../../features/notifications/components/notification-list";

/** /notifications (signed in only): every notification, newest first, markable read. */
export function NotificationsPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Notifications" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Notifications</h1>
      <NotificationList />
    </div>
  );
}
