import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Db, LimitedConnection } from "./db-handle";

/**
 * A PostgreSQL streaming replica that browse, search, home and public listing reads may use
 * (DATABASE_READ_URL, issue 31). It is used only while it is known to be close behind the primary:
 * a monitor reads the primary's WAL position every CHECK_EVERY_MS and keeps when it read each one,
 * then asks the replica how far it has replayed. The replica's lag is the age of the newest of
 * those positions it has replayed: the data it serves is at least as new as the primary's at that
 * moment. A replica that keeps up under load reads a lag of about one interval; one whose replay
 * stopped or whose stream broke reads a lag that grows from then. Past `maxLagMs`, or when it does
 * not answer, it is skipped and every read goes to the primary until it catches up again.
 *
 * While no read has asked for it for IDLE_AFTER_MS, the monitor checks every IDLE_CHECK_EVERY_MS
 * instead (issue 31: an idle instance's queries are paid once per instance). The first read after
 * such a pause goes to the primary and starts a check at once; reads use the replica again when that
 * check answers, so no read trusts a status older than the busy interval allows.
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
/** No read for this long: the monitor slows down to IDLE_CHECK_EVERY_MS. */
const IDLE_AFTER_MS = 10_000;
const IDLE_CHECK_EVERY_MS = 5_000;
/** A check slower than this counts as failed: a replica that slow is no help to a browse request. */
const CHECK_TIMEOUT_MS = 1000;

/** A WAL position ("16/B374D848") as a number, to compare two. */
const lsnValue = (lsn: string): bigint => {
  const [high, low] = lsn.split("/");
  return (BigInt(`0x${high ?? "0"}`) << 32n) + BigInt(`0x${low ?? "0"}`);
};

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
  /** The primary's WAL positions as read, oldest first, with when: lag is measured against them. */
  const positions: { at: number; lsn: string }[] = [];
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
      if (primaryLsn) positions.push({ at: startedAt, lsn: primaryLsn });
      // Enough history to measure any lag up to the limit, and a little past it.
      while (positions.length > 2 && (positions[0]?.at ?? 0) < startedAt - options.maxLagMs - 5000)
        positions.shift();
      const { rows: replicaRows } = await within(
        CHECK_TIMEOUT_MS,
        main.query<{ recovering: boolean; replayed: string | null }>(
          "select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as replayed",
        ),
      );
      const replica = replicaRows[0];
      if (!replica?.recovering)
        throw new Error("DATABASE_READ_URL is not a replica (pg_is_in_recovery() is false)");
      const replayed = replica.replayed ? lsnValue(replica.replayed) : -1n;
      const behind = primaryLsn ? lsnValue(primaryLsn) - replayed : 0n;
      // The newest position read from the primary that the replica has replayed.
      for (let i = positions.length - 1; i >= 0; i--) {
        const position = positions[i] as { at: number; lsn: string };
        if (lsnValue(position.lsn) <= replayed) {
          if (lastCaughtUp === null || position.at > lastCaughtUp) lastCaughtUp = position.at;
          break;
        }
      }
      const lagMs = lastCaughtUp === null ? null : Math.max(0, Date.now() - lastCaughtUp);
      // After a failed read, only a check that started after it may bring the replica back.
      const trusted = forcedDownAt === null || startedAt > forcedDownAt;
      if (trusted) forcedDownAt = null;
      set({
        healthy: trusted && lagMs !== null && lagMs <= options.maxLagMs,
        lagMs,
        lagBytes: Number(behind > 0n ? behind : 0n),
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
  let checking = false;
  /** When a read last asked whether it may use the replica. */
  let askedAt = Date.now();
  /** Whether the status is from a check at the busy pace (false while the monitor idles). */
  let current = true;
  const loop = () => {
    if (stopped) return;
    checking = true;
    running = check().finally(() => {
      checking = false;
      if (stopped) return;
      const idle = Date.now() - askedAt > IDLE_AFTER_MS;
      current = !idle;
      timer = setTimeout(loop, idle ? IDLE_CHECK_EVERY_MS : CHECK_EVERY_MS);
      timer.unref();
    });
  };
  loop();

  return {
    healthy() {
      askedAt = Date.now();
      if (current) return status.healthy;
      // The monitor was idle: check now (unless a check is under way), and read the primary until
      // it answers.
      if (!checking && !stopped) {
        if (timer) clearTimeout(timer);
        timer = null;
        loop();
      }
      return false;
    },
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
