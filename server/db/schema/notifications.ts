import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);
