import { sql } from "drizzle-orm";
import type {
  Notification,
  NotificationPage,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  NotificationRead,
} from "../../../core/contracts/notifications";
import { ERROR_CODES } from "../../../core/errors";
import {
  emailAlways,
  emailByDefault,
  NOTIFICATION_KINDS,
  NOTIFICATION_REGISTRY,
  type NotificationKind,
} from "../../../core/notifications";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { notifications } from "../../db/schema/notifications";
import { badRequest, notFound } from "../../errors";
import { currentTraceId } from "../../trace";

export interface NewNotification {
  userId: string;
  /** The request it comes from, when a job stores it for one; else the request in progress. */
  traceId?: string | null;
  kind: NotificationKind;
  /** Made with notificationText(kind, ...) from core/notifications.ts. */
  message: string;
  link?: string;
  /** The listing it is about: its email shows the listing's title and price as they are when sent. */
  listingId?: string;
  /** The order it is about: its email lists the order's items. */
  orderId?: string;
  /** The conversation a message_received is about: its email quotes the unread message. */
  conversationId?: string;
  /**
   * When its email is due, in seconds from now (0 when absent: at once); null stores it without
   * an email (one already pending covers it).
   */
  emailInSeconds?: number | null;
}

/**
 * Stores notifications with their emails due (the notification email worker sends them within
 * seconds, unless the user turned that kind's email off); called inside the transaction of the
 * event they tell about, so that the notification and its email are stored, or lost, with the
 * event itself. The user's open pages hear of it at commit: triggers (migration 0012) publish
 * notification.created and notifications.unread on the realtime bus.
 */
export async function notify(db: Db, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map(({ emailInSeconds, ...item }) => ({
      ...item,
      // The request that caused it: the email job logs it (server/trace.ts).
      traceId: item.traceId ?? currentTraceId(),
      // The database's clock, as the worker compares it with now().
      emailDueAt:
        emailInSeconds === null
          ? null
          : emailInSeconds
            ? sql`now() + make_interval(secs => ${emailInSeconds})`
            : sql`now()`,
    })),
  );
}

interface NotificationRow {
  id: string;
  kind: string;
  message: string;
  link: string | null;
  readAt: Date | string | null;
  createdAt: Date | string;
  /** created_at to the microsecond, as text, for the cursor (a Date keeps milliseconds only). */
  at: string;
}

const columns = sql`n.id, n.kind, n.message, n.link, n.read_at as "readAt", n.created_at as "createdAt",
  to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`;

function toNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    // The CHECK constraint keeps any other kind out of the table.
    kind: r.kind as NotificationKind,
    text: r.message,
    link: r.link,
    read: r.readAt !== null,
    readAt: r.readAt === null ? null : isoTime(r.readAt),
    createdAt: isoTime(r.createdAt),
  };
}

/** How many of the user's notifications are unread (the bell's count). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql`select count(*)::int as count from notifications where user_id = ${userId} and read_at is null`,
  );
  return row?.count ?? 0;
}

export interface ListOptions {
  /** The last notification of the page before (its time to the microsecond, and id). */
  cursor?: { at: string; id: string };
  page: number;
  pageSize: number;
}

/**
 * The user's notifications, newest first, a page at a time: after a cursor when given (stable
 * while new ones arrive), else by page number; with the total and the unread count.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  { cursor, page, pageSize }: ListOptions,
): Promise<NotificationPage> {
  const after = cursor
    ? sql`and (n.created_at, n.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const offset = cursor ? 0 : (page - 1) * pageSize;
  // One more than asked, to know whether a next page exists.
  const found = await rows<NotificationRow>(
    db,
    sql`select ${columns} from notifications n
        where n.user_id = ${userId} ${after}
        order by n.created_at desc, n.id desc
        limit ${pageSize + 1} offset ${offset}`,
  );
  const [counts] = await rows<{ total: number; unread: number; before: number }>(
    db,
    sql`select count(*)::int as total,
          (count(*) filter (where read_at is null))::int as unread,
          ${
            cursor
              ? sql`(count(*) filter (where (created_at, id) >= (${cursor.at}::timestamptz, ${cursor.id}::uuid)))::int`
              : sql`0`
          } as before
        from notifications where user_id = ${userId}`,
  );
  const items = found.slice(0, pageSize);
  const last = items[items.length - 1];
  return {
    items: items.map(toNotification),
    total: counts?.total ?? 0,
    // With a cursor, the page the first item would be on when counting pages of this size.
    page: cursor ? Math.floor((counts?.before ?? 0) / pageSize) + 1 : page,
    pageSize,
    unreadCount: counts?.unread ?? 0,
    nextCursor: found.length > pageSize && last ? `${last.at}_${last.id}` : null,
  };
}

/** Marks one of the user's notifications read (again: no change); 404 for anyone else's. */
export async function markNotificationRead(
  db: Db,
  userId: string,
  id: string,
): Promise<NotificationRead> {
  const [row] = await rows<NotificationRow>(
    db,
    sql`with marked as (
          update notifications set read_at = coalesce(read_at, now())
          where id = ${id} and user_id = ${userId}
          returning *
        )
        select ${columns} from marked n`,
  );
  if (!row) throw notFound("Notification not found.", ERROR_CODES.notificationNotFound);
  return { notification: toNotification(row), unreadCount: await unreadCount(db, userId) };
}

/** Marks every unread notification of the user read; answers the new count (0). */
export async function markAllNotificationsRead(
  db: Db,
  userId: string,
): Promise<{ unreadCount: number }> {
  await db.execute(
    sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`,
  );
  return { unreadCount: await unreadCount(db, userId) };
}

/**
 * Every kind with the user's email choice, or the kind's default where they never chose; the kinds
 * emailed whatever the user says (staff actions on their account) always answer true.
 */
export async function getNotificationPreferences(
  db: Db,
  userId: string,
): Promise<NotificationPreferences> {
  const chosen = await rows<{ kind: string; email: boolean }>(
    db,
    sql`select kind, email from notification_preferences where user_id = ${userId}`,
  );
  const byKind = new Map(chosen.map((c) => [c.kind, c.email]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [
      k,
      { email: emailAlways(k) || (byKind.get(k) ?? emailByDefault(k)) },
    ]),
  ) as NotificationPreferences;
}

/**
 * Stores the user's email choices for the kinds named; answers all of them. Turning off a kind that
 * is always emailed is refused (400); naming it with true changes nothing.
 */
export async function updateNotificationPreferences(
  db: Db,
  userId: string,
  update: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  const refused = NOTIFICATION_KINDS.filter((k) => emailAlways(k) && update[k]?.email === false);
  if (refused.length > 0)
    throw badRequest(
      "Emails about your account and listings from our moderators cannot be turned off.",
      Object.fromEntries(
        refused.map((k) => [k, `${NOTIFICATION_REGISTRY[k].label}: always emailed`]),
      ),
    );
  const changes = NOTIFICATION_KINDS.flatMap((k) => {
    const choice = update[k];
    return choice && !emailAlways(k) ? [sql`(${userId}::uuid, ${k}, ${choice.email}, now())`] : [];
  });
  if (changes.length > 0) {
    await db.execute(
      sql`insert into notification_preferences (user_id, kind, email, updated_at)
          values ${sql.join(changes, sql`, `)}
          on conflict (user_id, kind) do update set email = excluded.email, updated_at = now()`,
    );
  }
  return getNotificationPreferences(db, userId);
}
