import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { listings } from "./listings";
import { orders } from "./orders";
import { users } from "./users";

/** Stored notifications: counted in the header, listed at /notifications, marked read. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** outbid, auction_won, auction_sold, auction_unsold, ... */
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    /** A path in the app the notification leads to. */
    link: text("link"),
    /** The listing it is about, if any (the email worker reads its title and current price). */
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "cascade" }),
    /** The order it is about, if any (the email lists the order's items). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /**
     * When its email is due (null: no email, or sent). Set in the same transaction that stores the
     * notification, so the email is neither lost nor sent by the request that caused it (a bid need
     * not wait for a mail server). The email worker moves it ahead while it sends, as a lease: an
     * email whose sender died or failed is due again when the lease runs out.
     */
    emailDueAt: timestamp("email_due_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_email_due_idx").on(t.emailDueAt).where(sql`${t.emailDueAt} is not null`),
  ],
);
