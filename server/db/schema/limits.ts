import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters shared by every instance on one PostgreSQL server (with PGlite, one process,
 * they are counted in memory instead). A fixed window per key: `count` attempts until
 * `window_ends_at`. The migration makes the table UNLOGGED: counters are worth no WAL, and losing
 * them in a crash only forgives a few attempts.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});
