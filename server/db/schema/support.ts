import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A Contact Us request: stored, emailed to the support address, a copy to the sender. */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the sender quotes in a follow-up (shown on the page and in their copy). */
    reference: text("reference").notNull().unique(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    category: text("category").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    /** When both emails went (null: still to send; the job retries). */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [index("support_requests_unsent_idx").on(t.createdAt).where(sql`${t.emailedAt} is null`)],
);
