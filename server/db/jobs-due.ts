import { sql } from "drizzle-orm";
import type { Db } from "./db-handle";

/**
 * The channel on which a transaction that queues background work tells every instance's job of
 * that name to run now (server/jobs/start-jobs.ts): jobs that wake when there is work back off
 * while there is none, instead of each instance asking the database every second or two.
 */
export const JOBS_DUE_CHANNEL = "jobs_due";

/** The jobs that can be woken, by the name start-jobs.ts gives them. */
export type WakeableJob = "listing_alerts" | "listing_uploads";

/**
 * Wakes the job `name` on every instance when the caller's transaction commits (at once outside
 * one); a rolled-back transaction wakes no one. A wake lost (no instance listening) costs only
 * time: the job still polls, more slowly.
 */
export async function wakeJob(db: Db, name: WakeableJob): Promise<void> {
  await db.execute(sql`select pg_notify(${JOBS_DUE_CHANNEL}, ${name})`);
}
