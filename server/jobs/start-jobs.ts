import type { App } from "../app";
import { JOBS_DUE_CHANNEL, type WakeableJob } from "../db/jobs-due";
import { settleDueAuctions } from "../modules/auctions/auction-settlement";
import { sendPendingRefunds } from "../modules/cancellations/refunds.service";
import { releaseDueFunds } from "../modules/ledger/seller-funds";
import {
  pruneAbandonedUploads,
  runListingUploads,
} from "../modules/listing-uploads/listing-upload-runs";
import { cleanUpUnsentAttachments } from "../modules/messages/attachments.service";
import { sendPendingNotificationEmails } from "../modules/notifications/notification-emails.service";
import { cancelLapsedOfferOrders, expireDueOffers } from "../modules/offers/offer-expiry";
import { expireDueSessions } from "../modules/payments/payments.service";
import { runPayouts } from "../modules/payouts/payout-runs";
import { flagLateShipments } from "../modules/shipping/late-shipments";
import { sendPendingSupportEmails } from "../modules/support/support.service";
import { matchNewListings } from "../modules/watching/alert-matching";
import { sendEndingSoonAlerts } from "../modules/watching/watch-alerts";
import { pruneLiveEventPayloads } from "../plugins/realtime-bus";
import type { TraceLog } from "../trace";
import { type Repeating, repeat } from "./repeat";

type RepeatOptions<T> = Parameters<typeof repeat<T>>[1];

import { cleanUpOrphanUploads } from "./upload-cleanup";

/**
 * Starts every background worker of an instance and answers a function that stops them, waiting
 * for the runs in progress. Each is safe to run on all instances at once: they share the work
 * through row locks (SKIP LOCKED) or do work that is harmless twice.
 */
export function startJobs(app: App): () => Promise<void> {
  const { db } = app.database;
  const log = (err: unknown, msg: string) => app.log.error({ err }, msg);
  const failed = (msg: string) => (err: unknown) => log(err, msg);
  // Work done for a request is logged with its trace id (its x-request-id): an operator follows
  // one request from its own log lines into the jobs that finished it.
  const traced: TraceLog = (traceIds, msg) =>
    app.log.info(traceIds.length === 1 ? { traceId: traceIds[0] } : { traceIds }, msg);
  // Every run counted by outcome (GET /metrics), so a job that fails on every instance shows.
  const job = <T>(name: string, task: () => Promise<T>, options: RepeatOptions<T>) =>
    repeat(
      () =>
        task().then(
          (result) => {
            app.metrics.jobRuns.inc({ job: name, outcome: "ok" });
            return result;
          },
          (err: unknown) => {
            app.metrics.jobRuns.inc({ job: name, outcome: "failed" });
            throw err;
          },
        ),
      options,
    );
  // A run that did nothing: the job waits longer before the next, until woken (repeat.ts).
  const none = (done: number) => done === 0;
  const wakeable: Record<WakeableJob, Repeating> = {
    // New listings reach saved searches and followers within seconds; the queue keeps what a
    // stopped instance had not matched. Woken by the transaction that queues a listing
    // (jobs-due.ts); polling, every 30 s at most when idle, only covers a wake that was lost.
    listing_alerts: job(
      "listing_alerts",
      () => matchNewListings(db, Number.POSITIVE_INFINITY, traced),
      {
        everyMs: 2000,
        idleEveryMs: 30_000,
        isIdle: none,
        onError: failed("listing alert matching failed"),
      },
    ),
    // Confirmed CSV uploads become listings a row at a time, starting within a second or two.
    // Woken by the upload's confirmation, as above.
    listing_uploads: job("listing_uploads", () => runListingUploads(db, () => app.clock.now()), {
      everyMs: 1500,
      idleEveryMs: 30_000,
      isIdle: none,
      onError: failed("bulk listing creation failed"),
    }),
  };
  const stops = [
    // An auction is settled within about a second of its effective end.
    job("auction_settlement", () => settleDueAuctions(db), {
      everyMs: 1000,
      runNow: true,
      onError: failed("auction settlement failed"),
    }),
    // Outbid notices, wins and sales reach the inbox within seconds of the event.
    job(
      "notification_emails",
      () =>
        sendPendingNotificationEmails({
          db,
          mailer: app.mailer,
          publicUrl: app.publicUrl,
          log,
          traced,
        }),
      { everyMs: 5000, onError: failed("notification emails failed") },
    ),
    // Contact Us requests reach the support inbox, and their copies the senders, within seconds.
    job(
      "support_emails",
      () =>
        sendPendingSupportEmails({
          db,
          mailer: app.mailer,
          supportEmail: app.config.supportEmail,
          publicUrl: app.publicUrl,
          log,
          traced,
        }),
      { everyMs: 5000, onError: failed("support emails failed") },
    ),
    wakeable.listing_alerts,
    wakeable.listing_uploads,
    // "Ending within the hour" is told within a minute of the hour starting.
    job("ending_soon_alerts", () => sendEndingSoonAlerts(db), {
      everyMs: 60_000,
      onError: failed("watch ending alerts failed"),
    }),
    // Reservations stop counting at expiry anyway (readers compare expires_at with now); this
    // records the outcome, so a late run is harmless.
    job("payment_session_expiry", () => expireDueSessions(db), {
      everyMs: 30_000,
      onError: failed("payment session expiry failed"),
    }),
    // Refunds the provider could not take at once (and those of paid orders that could not be
    // filled) are sent, or retried with the same idempotency key, within half a minute.
    job(
      "refunds",
      () => sendPendingRefunds({ db, provider: app.payments, log, traced, clock: app.clock }),
      {
        everyMs: 30_000,
        onError: failed("refunds failed"),
      },
    ),
    // A sale's money becomes available within a minute of its release date (the hold period).
    job("seller_funds_release", () => releaseDueFunds(db, app.clock.now()), {
      everyMs: 60_000,
      onError: failed("releasing sellers' funds failed"),
    }),
    // Sellers due today are paid within a minute of midnight UTC, by one instance at a time (a
    // lease); the same run settles sandbox payouts that arrived and resends any a crash left.
    job("payouts", () => runPayouts({ db, provider: app.payouts, now: app.clock.now(), log }), {
      everyMs: 60_000,
      // At start too: a run a crash cut off is finished (and its "sending" payouts sent) at once.
      runNow: true,
      onError: failed("payout run failed"),
    }),
    // Offers and counters lapse 48 hours after they were made (readers already show them expired);
    // agreed offers left unpaid 48 hours give their units back.
    job(
      "offer_expiry",
      async () => {
        await expireDueOffers(db, app.clock.now());
        await cancelLapsedOfferOrders(db, app.clock.now());
      },
      { everyMs: 60_000, onError: failed("offer expiry failed") },
    ),
    // Sales not shipped within the handling time are flagged to both sides within minutes.
    job("late_shipments", () => flagLateShipments(db), {
      everyMs: 5 * 60_000,
      onError: failed("late shipment flagging failed"),
    }),
    // Ended rate-limit windows; a stale one is ignored by every reader anyway.
    job("rate_limit_prune", () => app.limitCounters.prune(), {
      everyMs: 10 * 60 * 1000,
      onError: failed("rate limit pruning failed"),
    }),
    // Live events too large for NOTIFY, stored for the seconds their delivery takes.
    job("live_payload_prune", () => pruneLiveEventPayloads(db), {
      everyMs: 10 * 60 * 1000,
      onError: failed("live event payload pruning failed"),
    }),
    // CSV previews nobody confirmed, a week on.
    job("abandoned_upload_prune", () => pruneAbandonedUploads(db), {
      everyMs: 60 * 60 * 1000,
      onError: failed("pruning abandoned listing uploads failed"),
    }),
    job("orphan_upload_cleanup", () => cleanUpOrphanUploads(db, app.storage, log), {
      everyMs: 60 * 60 * 1000,
      onError: failed("upload cleanup failed"),
    }),
    // Files chosen for a message that was never sent, a day on.
    job("unsent_attachment_cleanup", () => cleanUpUnsentAttachments(db, app.storage, log), {
      everyMs: 60 * 60 * 1000,
      onError: failed("unsent attachment cleanup failed"),
    }),
  ];
  const listening = app.database
    .listen(JOBS_DUE_CHANNEL, (name) => wakeable[name as WakeableJob]?.wake())
    .catch((err: unknown) => {
      // The jobs still poll: work is done, later.
      log(err, "could not listen for queued work; jobs poll only");
      return async () => undefined;
    });
  return async () => {
    await (await listening)();
    await Promise.all(stops.map((stop) => stop()));
  };
}
