import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { LimitedConnection } from "./client";
import type { Db } from "./db-handle";

/**
 * A PostgreSQL streaming replica that browse, search, home and public listing reads may use
 * (DATABASE_READ_URL, issue 31). It is used only while it is known to be close behind the primary:
 * a monitor asks both every CHECK_EVERY_MS, and the replica counts as caught up at a check when it
 * has replayed the primary's WAL position read just before. Its lag is the time since it was last
 * caught up, so an idle site (no new WAL) reads lag 0, and a replica whose replay stopped or whose
 * stream broke reads a lag that grows from that moment: past `maxLagMs`, or when it does not
 * answer, it is skipped and every read goes to the primary until it catches up again.
 */
export interface ReadReplica {
  /** Whether reads may go to the replica now. */
  healthy(): boolean;
  /** The last check's figures, for /metrics and the logs. */
  status(): ReplicaStatus;
  /** A query builder on the replica's pool (for plain reads). */
  db: Db;
  /** A connection of the replica's browse pools, carrying `statement_timeout` (search). */
  limitedConnection(timeoutMs: number): Promise<LimitedConnection>;
  /** Marks it down at once (a read failed on it); the next check decides when it is back. */
  markDown(): void;
  close(): Promise<void>;
}

export interface ReplicaStatus {
  healthy: boolean;
  /** Milliseconds since the replica was last seen caught up; null before the first check. */
  lagMs: number | null;
  /** Bytes of WAL the replica had not replayed at the last check; null when unknown. */
  lagBytes: number | null;
  /** The last check's failure, if it failed. */
  error: string | null;
}

const CHECK_EVERY_MS = 500;
/** A check slower than this counts as failed: a replica that slow is no help to a browse request. */
const CHECK_TIMEOUT_MS = 1000;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Runs `query` on `pool`, failing after `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts the replica's monitor over its pools. `primary` is the primary's pool, asked for its WAL
 * position at each check.
 */
export function openReadReplica(options: {
  /** The replica's main pool (client.ts makes it, as it makes the primary's). */
  pool: pg.Pool;
  primary: pg.Pool;
  maxLagMs: number;
  /** The replica's browse pools, one per time limit, made as the primary's are (client.ts). */
  limited: { connect(timeoutMs: number): Promise<LimitedConnection>; close(): Promise<void> };
  onChange?: (status: ReplicaStatus) => void;
}): ReadReplica {
  const main = options.pool;
  let lastCaughtUp: number | null = null;
  let status: ReplicaStatus = { healthy: false, lagMs: null, lagBytes: null, error: null };
  let forcedDownAt: number | null = null;

  const set = (next: ReplicaStatus) => {
    const changed = next.healthy !== status.healthy;
    status = next;
    if (changed) options.onChange?.(next);
  };

  const check = async () => {
    const startedAt = Date.now();
    let primaryLsn: string | undefined;
    try {
      const { rows: primaryRows } = await within(
        CHECK_TIMEOUT_MS,
        options.primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn"),
      );
      primaryLsn = primaryRows[0]?.lsn;
    } catch (err) {
      // The primary is down or restarting: nothing newer than the replica's copy can be read
      // anywhere, so a replica that was in use and still answers goes on serving public reads
      // (browsing survives a primary restart); one that was not stays out.
      try {
        await within(CHECK_TIMEOUT_MS, main.query("select 1"));
        set({ ...status, error: `the primary did not answer: ${messageOf(err)}` });
      } catch (replicaErr) {
        set({ ...status, healthy: false, lagBytes: null, error: messageOf(replicaErr) });
      }
      return;
    }
    try {
      const { rows: replicaRows } = await within(
        CHECK_TIMEOUT_MS,
        main.query<{ recovering: boolean; behind: string | null }>(
          "select pg_is_in_recovery() as recovering, pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as behind",
          [primaryLsn],
        ),
      );
      const replica = replicaRows[0];
      if (!replica?.recovering)
        throw new Error("DATABASE_READ_URL is not a replica (pg_is_in_recovery() is false)");
      const behind = Math.max(0, Number(replica.behind ?? 0));
      if (behind === 0) lastCaughtUp = startedAt;
      const lagMs = lastCaughtUp === null ? null : Math.max(0, Date.now() - lastCaughtUp);
      // After a failed read, only a check that started after it may bring the replica back.
      const trusted = forcedDownAt === null || startedAt > forcedDownAt;
      if (trusted) forcedDownAt = null;
      set({
        healthy: trusted && lagMs !== null && lagMs <= options.maxLagMs,
        lagMs,
        lagBytes: behind,
        error: null,
      });
    } catch (err) {
      set({
        healthy: false,
        lagMs: lastCaughtUp === null ? null : Date.now() - lastCaughtUp,
        lagBytes: null,
        error: messageOf(err),
      });
    }
  };

  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const loop = () => {
    if (stopped) return;
    running = check().finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, CHECK_EVERY_MS);
      timer.unref();
    });
  };
  loop();

  return {
    healthy: () => status.healthy,
    status: () => status,
    db: drizzleNodePg(main) as unknown as Db,
    limitedConnection: (timeoutMs) => options.limited.connect(timeoutMs),
    markDown() {
      forcedDownAt = Date.now();
      set({ ...status, healthy: false, error: "a read on the replica failed" });
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await Promise.all([main.end(), options.limited.close()]);
    },
  };
}
