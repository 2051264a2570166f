import { sql } from "drizzle-orm";
import { orderNumber } from "../../../core/cart";
import { formatMoney } from "../../../core/money";
import {
  emailAlways,
  KINDS_EMAILED_ONLY_WHEN_ASKED,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../core/notifications";
import { eachAtMost } from "../../concurrency";
import type { Db } from "../../db/client";
import { rows, uuidList } from "../../db/rows";
import { type Email, isPermanentRefusal, type Mailer, SMTP_CONNECTIONS } from "../mail/mailer";
import {
  auctionEndedSellerEmail,
  itemSoldEmail,
  messageEmail,
  notificationEmail,
  orderPaidEmail,
  outbidEmail,
  refundEmail,
  savedSearchDigestEmail,
  wonEmail,
} from "../mail/templates";

export interface NotificationEmailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log?: (err: unknown, msg: string) => void;
}

interface Claimed {
  id: string;
  user_id: string;
  kind: NotificationKind;
  message: string;
  link: string | null;
  listing_id: string | null;
  email: string;
  full_name: string;
  title: string | null;
  current_bid_cents: number | null;
  order_id: string | null;
  order_total_cents: number | null;
  /** The order's lines, for notifications about an order. */
  order_lines: { listingId: string; title: string; quantity: number }[] | null;
  conversation_id: string | null;
  /** For a saved-search match: the search, whose matches make one digest email. */
  saved_search_id: string | null;
  saved_search: { name: string; query: Record<string, string | string[]> } | null;
  /**
   * For a message notice: its message, or the first after it still unread when the email is
   * claimed, and how many from there are; null when none is (they read the chat meanwhile).
   */
  unread_message: { sender: string; text: string; attachments: number; unread: number } | null;
  /**
   * False when the user turned this kind's email off, or read the message notice (in the chat)
   * before its email went: claimed only to be cleared.
   */
  wanted: boolean;
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
    const batch = await rows<Claimed>(
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
        await deps.mailer.send(emailFor(group, deps.publicUrl));
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

/** A notice of a message in a conversation (older ones name no conversation: emailed as any other). */
function isMessageNotice(n: Claimed): boolean {
  return n.kind === "message_received" && n.conversation_id !== null;
}

/**
 * Notifications that make one email: outbid notices per person and listing, message notices per
 * person and conversation, saved-search matches per saved search (their digest: the matching job
 * gives a search's matches one due time a day, so they are claimed together); others alone.
 */
function emailGroups(batch: Claimed[]): Claimed[][] {
  const groups = new Map<string, Claimed[]>();
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

/**
 * The email of a notification. Outbid notices and a win show the listing's price as it is when
 * sent (for a win, settled: the final price); a paid order's list its items; a saved search's
 * matches make its digest; the seller's and other notices carry their message.
 */
function emailFor(group: Claimed[], publicUrl: string): Email {
  const n = group[0] as Claimed;
  const firstName = n.full_name.split(" ")[0] ?? "";
  const url = `${publicUrl}${n.link ?? "/"}`;
  const { title, current_bid_cents: price, order_id: orderId, order_lines: lines } = n;
  if (n.kind === "saved_search_match" && n.saved_search) {
    const search = n.saved_search;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(search.query))
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
    return savedSearchDigestEmail(
      n.email,
      firstName,
      search.name,
      group.map((m) => ({
        title: m.title ?? "A new listing",
        url: `${publicUrl}${m.link ?? "/"}`,
      })),
      `${publicUrl}/listings?${params}`,
    );
  }
  if (isMessageNotice(n) && n.unread_message) {
    const m = n.unread_message;
    return messageEmail(n.email, firstName, m.sender, m.text, m.attachments, m.unread - 1, url);
  }
  if (orderId !== null && lines !== null) {
    const number = orderNumber(orderId);
    if (n.kind === "order_paid" && n.order_total_cents !== null)
      return orderPaidEmail(
        n.email,
        firstName,
        number,
        formatMoney(n.order_total_cents),
        lines.map((l) => `${l.quantity} × ${l.title}`),
        url,
      );
    if (n.kind === "refund_issued") return refundEmail(n.email, firstName, number, n.message, url);
    const line = lines.find((l) => l.listingId === n.listing_id);
    if (n.kind === "item_sold" && line)
      return itemSoldEmail(n.email, firstName, line.title, line.quantity, number, url);
  }
  if (title !== null) {
    if (n.kind === "outbid" && price !== null)
      return outbidEmail(n.email, firstName, title, formatMoney(price), url);
    if (n.kind === "auction_won" && price !== null)
      return wonEmail(n.email, firstName, title, formatMoney(price), url);
    if (n.kind === "auction_sold")
      return auctionEndedSellerEmail(
        n.email,
        firstName,
        title,
        `${n.message} The buyer has been asked to pay.`,
        url,
      );
    if (n.kind === "auction_unsold")
      return auctionEndedSellerEmail(n.email, firstName, title, n.message, url);
  }
  return notificationEmail(n.email, firstName, n.message, url);
}
