import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Live events too large for a NOTIFY payload (PostgreSQL takes under 8,000 bytes) are stored here
 * and the bus carries their id instead (server/plugins/realtime-bus.ts); each instance reads one
 * once. Rows are only needed for the seconds it takes to deliver them and are pruned after ten
 * minutes. UNLOGGED (hand edit in the migration): a crash loses only events nobody can still wait for.
 */
export const liveEventPayloads = pgTable("live_event_payloads", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
