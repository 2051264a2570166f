import type { App } from "../app";
import { startSettlementWorker } from "./auction-settlement";
import { startNotificationEmailWorker } from "./notification-emails";
import { startPaymentExpiryWorker } from "./payment-expiry";
import { startUploadCleanupWorker } from "./upload-cleanup";

/**
 * Starts every background worker of an instance (each is safe to run on all instances at once) and
 * answers a function that stops them, waiting for a settlement in progress to finish.
 */
export function startJobs(app: App): () => Promise<void> {
  const { db } = app.database;
  const log = (err: unknown, msg: string) => app.log.error({ err }, msg);
  const stopSettlement = startSettlementWorker({ db, log });
  const stopNotificationEmails = startNotificationEmailWorker({
    db,
    mailer: app.mailer,
    publicUrl: app.publicUrl,
    log,
  });
  const stopPaymentExpiry = startPaymentExpiryWorker(db, log);
  const stopUploadCleanup = startUploadCleanupWorker(db, app.storage, log);
  return async () => {
    stopPaymentExpiry();
    stopUploadCleanup();
    stopNotificationEmails();
    await stopSettlement();
  };
}
