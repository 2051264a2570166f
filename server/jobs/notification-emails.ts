import {
  type NotificationEmailDeps,
  sendPendingNotificationEmails,
} from "../modules/notifications/notification-emails.service";

/**
 * Sends the pending emails of stored notifications every `intervalMs` (outbid notices: within
 * seconds of the bid). Any number of instances may run it: each claims its own rows.
 */
export function startNotificationEmailWorker(
  deps: NotificationEmailDeps,
  intervalMs = 5_000,
): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await sendPendingNotificationEmails(deps);
    } catch (err) {
      deps.log?.(err, "notification emails failed");
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
