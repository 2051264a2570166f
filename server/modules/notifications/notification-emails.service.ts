import { sql } from "drizzle-orm";
import {
  emailAlways,
  KINDS_EMAILED_ONLY_WHEN_ASKED,
  NOTIFICATION_KINDS,
} from "../../../core/notifications";
import { eachAtMost } from "../../concurrency";
import type { Db } from "../../db/client";
import { rows, uuidList } from "../../db/rows";
import { type TraceLog, traceIdsOf } from "../../trace";
import { isPermanentRefusal, type Mailer, SMTP_CONNECTIONS } from "../mail/mailer";
import {
  type ClaimedNotification,
  isMessageNotice,
  notificationEmailFor,
} from "./notification-email-templates";

export interface NotificationEmailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log?: (err: unknown, msg: string) => void;
  /** Logs each email sent with the trace ids of the requests that caused it. */
  traced?: TraceLog;
}

/** How many due notifications one claim takes. */
const BATCH = 200;
/** A claimed email not marked sent by then (its sender died, or the mail server refused) is due again. */
const LEASE = "2 minutes";

/** Kinds emailed whatever the preferences say (what staff did to the account, with the reason). */
const ALWAYS_EMAILED = NOTIFICATION_KINDS.filter(emailAlways);

/**
 * Whether the notification `n` is to be emailed: always for the kinds that say so (a suspended
 * user can read theirs nowhere else), else the user's choice for its kind, else the kind's default
 * in the registry (core/notifications.ts).
 */
const WANTED = sql`(${
  ALWAYS_EMAILED.length > 0
    ? sql`n.kind in (${sql.join(
        ALWAYS_EMAILED.map((k) => sql`${k}`),
        sql`, `,
      )}) or `
    : sql``
}coalesce(
  (select p.email from notification_preferences p where p.user_id = n.user_id and p.kind = n.kind),
  ${
    KINDS_EMAILED_ONLY_WHEN_ASKED.length > 0
      ? sql`n.kind not in (${sql.join(
          KINDS_EMAILED_ONLY_WHEN_ASKED.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql`true`
  }))`;

/**
 * Sends the emails of notifications whose email is due (the outbid notice place_bid() stores with
 * the bid, the winner's and the seller's notices settlement stores, the buyer's and the sellers'
 * notices of a paid order), oldest first, and answers how many notifications it handled.
 *
 * A claim moves a batch's due time ahead by the lease (`FOR UPDATE SKIP LOCKED`: instances share
 * the work without sending twice) and commits, so no transaction stays open while the mail server
 * answers; the emails sent then clear their rows. An email refused, or lost with a dying process,
 * is due again when its lease ends: at least once, never lost; one the server refuses for good
 * (5xx) is dropped. Several outbid notices to one person about one listing in a batch make one
 * email, with the price as it is when sent: a bidding war sends a short run of emails, not one per
 * bid. Message notices to one person about one conversation make one email too, quoting the first
 * message still unread; none is sent once they read the conversation (which marks its notices
 * read). The user's preferences are read when the email is claimed: a kind they turned off is not
 * emailed (its email is cleared; the notification stays in the app), even if they turned it off
 * after the notification was stored.
 */
export async function sendPendingNotificationEmails(deps: NotificationEmailDeps): Promise<number> {
  let handled = 0;
  for (;;) {
    const batch = await rows<ClaimedNotification>(
      deps.db,
      sql`with due as (
            select n.id,
              ${WANTED} and (n.kind <> 'message_received' or n.read_at is null) as wanted
            from notifications n
            where n.email_due_at <= now()
            order by n.email_due_at
            limit ${BATCH}
            for update of n skip locked
          )
          update notifications n set email_due_at =
            case when due.wanted then now() + interval '${sql.raw(LEASE)}' end
          from due, users u
          where n.id = due.id and u.id = n.user_id
          returning n.id, n.user_id, n.kind, n.message, n.link, n.listing_id, n.order_id, due.wanted,
            n.trace_id,
            u.email,
            u.full_name,
            (select l.title from listings l where l.id = n.listing_id) as title,
            (select a.current_bid_cents from auction_settings a where a.listing_id = n.listing_id)
              as current_bid_cents,
            (select o.total_cents from orders o where o.id = n.order_id) as order_total_cents,
            (select json_agg(json_build_object('listingId', ol.listing_id, 'title', ol.title,
                'quantity', ol.quantity) order by ol.title)
              from order_lines ol where ol.order_id = n.order_id) as order_lines,
            n.conversation_id,
            n.saved_search_id,
            (select json_build_object('name', s.name, 'query', s.query)
              from saved_searches s where s.id = n.saved_search_id) as saved_search,
            (select json_build_object('sender', s.username, 'text', m.text,
                'attachments', (select count(*) from message_attachments ma where ma.message_id = m.id),
                'unread', count(*) over ())
              from messages m join users s on s.id = m.sender_id
              where n.conversation_id is not null and m.conversation_id = n.conversation_id
                and m.recipient_id = n.user_id and m.read_at is null
                -- From the notice's own message on (stored in the same transaction, at the same
                -- now()): an earlier one still unread was told of by an earlier email.
                and m.created_at >= n.created_at
              order by m.created_at, m.id limit 1) as unread_message`,
    );
    // Sent, or refused for good: either way no longer due.
    const done: string[] = [];
    // Those whose kind the user turned off were cleared by the claim itself. A message notice
    // whose messages were all read by now has nothing left to tell.
    const stale = batch.filter((n) => n.wanted && isMessageNotice(n) && !n.unread_message);
    done.push(...stale.map((n) => n.id));
    const wanted = batch.filter((n) => n.wanted && !stale.includes(n));
    await eachAtMost(SMTP_CONNECTIONS, emailGroups(wanted), async (group) => {
      try {
        await deps.mailer.send(notificationEmailFor(group, deps.publicUrl));
        deps.traced?.(
          traceIdsOf(group.map((n) => n.trace_id)),
          `notification email sent (${group[0]?.kind}, ${group.length} notification(s))`,
        );
      } catch (err) {
        if (!isPermanentRefusal(err)) {
          deps.log?.(err, "notification email failed; it is retried when its lease ends");
          return;
        }
        // A 5xx answer (no such mailbox, say) will not change on retry; the notification itself stays.
        deps.log?.(err, "notification email refused for good; not retried");
      }
      done.push(...group.map((n) => n.id));
    });
    if (done.length > 0) {
      await deps.db.execute(
        sql`update notifications set email_due_at = null where id in (${uuidList(done)})`,
      );
    }
    handled += batch.length;
    if (batch.length < BATCH) return handled;
  }
}

/**
 * Notifications that make one email: outbid notices per person and listing, message notices per
 * person and conversation, saved-search matches per saved search (their digest: the matching job
 * gives a search's matches one due time a day, so they are claimed together); others alone.
 */
function emailGroups(batch: ClaimedNotification[]): ClaimedNotification[][] {
  const groups = new Map<string, ClaimedNotification[]>();
  for (const n of batch) {
    const key =
      n.kind === "outbid" && n.listing_id
        ? `outbid:${n.user_id}:${n.listing_id}`
        : isMessageNotice(n)
          ? `message:${n.user_id}:${n.conversation_id}`
          : n.kind === "saved_search_match" && n.saved_search_id
            ? `digest:${n.user_id}:${n.saved_search_id}`
            : `id:${n.id}`;
    const group = groups.get(key) ?? [];
    group.push(n);
    groups.set(key, group);
  }
  return [...groups.values()];
}
