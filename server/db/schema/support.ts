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
    /**
     * When its emails are due (null: sent). The email job moves it ahead while it sends, as a
     * lease: emails whose sender died or failed are due again when the lease runs out.
     */
    emailDueAt: timestamp("email_due_at", { withTimezone: true }).default(sql`now()`),
    /** When both emails went. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    /** The request that queued it (its x-request-id), logged by the job that does it; null for a job's own. */
    traceId: text("trace_id"),
  },
  (t) => [
    index("support_requests_email_due_idx")
      .on(t.emailDueAt)
      .where(sql`${t.emailDueAt} is not null`),
  ],
);
