import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { NOTIFICATION_KINDS } from "../../../core/notifications";
import { oneOf } from "./checks";
import { listings } from "./listings";
import { conversations } from "./messages";
import { orders } from "./orders";
import { users } from "./users";
import { savedSearches } from "./watching";

/** `kind in (...)` of core's registry: nothing else is ever stored (a new kind needs a migration). */
const knownKind = (column: unknown) => oneOf(column, NOTIFICATION_KINDS);

/** Stored notifications: counted in the header, listed at /notifications, marked read. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of core/notifications.ts NOTIFICATION_KINDS. */
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    /** A path in the app the notification leads to. */
    link: text("link"),
    /** The listing it is about, if any (the email worker reads its title and current price). */
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "cascade" }),
    /** The order it is about, if any (the email lists the order's items). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /**
     * The conversation a message_received notification is about: the email worker makes one email
     * of several for one conversation, and reading the conversation marks them read.
     */
    conversationId: uuid("conversation_id").references(() => conversations.id, {
      onDelete: "cascade",
    }),
    /**
     * The saved search a saved_search_match is about: the email worker makes one digest of the
     * matches of one saved search (due at its digest slot, at most one a day).
     */
    savedSearchId: uuid("saved_search_id").references(() => savedSearches.id, {
      onDelete: "cascade",
    }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /**
     * When its email is due (null: no email, or sent). Set in the same transaction that stores the
     * notification, so the email is neither lost nor sent by the request that caused it (a bid need
     * not wait for a mail server). The email worker moves it ahead while it sends, as a lease: an
     * email whose sender died or failed is due again when the lease runs out.
     */
    emailDueAt: timestamp("email_due_at", { withTimezone: true }),
    /** The request that queued it (its x-request-id), logged by the job that does it; null for a job's own. */
    traceId: text("trace_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_email_due_idx").on(t.emailDueAt).where(sql`${t.emailDueAt} is not null`),
    // The header's count, on every page of a signed-in user and after every new notification.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_conversation_idx")
      .on(t.conversationId)
      .where(sql`${t.conversationId} is not null`),
    check("notifications_kind_check", knownKind(t.kind)),
  ],
);

/**
 * A user's email choice for one kind of notification, stored only once they make one: a kind
 * without a row is emailed as its registry default says (core/notifications.ts), so a default can
 * change for everyone who never chose.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("notification_preferences_kind_check", knownKind(t.kind)),
  ],
);
