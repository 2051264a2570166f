import type { Database, NamedStatement } from "../db/client";

/** A key's count in its current window, and how long until the window ends. */
export interface Hit {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters behind every rate limit. On a PostgreSQL server they live in the database,
 * so N instances allow a limit once, not N times; with PGlite (one process) they live in memory.
 */
export interface LimitCounters {
  /** Counts one more for `key` in a window of `windowMs` (a new window if the last one ended). */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The count so far, without adding to it (0 once the window ended). */
  peek(key: string): Promise<Hit>;
  /** Forgets the key: its next hit starts a new window. */
  reset(key: string): Promise<void>;
  /** Drops ended windows, so the table or map does not grow without end. */
  prune(): Promise<void>;
  /**
   * Counts one more for `key` against a limit of `max`, as `hit` does, but may take slots from the
   * shared count a few at a time and hand them out locally (see leasedHits). Answers a count above
   * `max` when the limit is used up.
   */
  take(key: string, windowMs: number, max: number): Promise<Hit>;
}

/** Counters in this process's memory: for the embedded database and tests. */
export function memoryCounters(): LimitCounters {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let entry = windows.get(key);
      if (!entry || entry.endsAt <= now) {
        entry = { count: 0, endsAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count++;
      if (windows.size > 50_000) await this.prune();
      return { count: entry.count, resetInMs: entry.endsAt - now };
    },
    async peek(key) {
      const now = Date.now();
      const entry = windows.get(key);
      return entry && entry.endsAt > now
        ? { count: entry.count, resetInMs: entry.endsAt - now }
        : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
    async prune() {
      const now = Date.now();
      for (const [key, entry] of windows) if (entry.endsAt <= now) windows.delete(key);
    },
    // One process counts everything itself: nothing to lease.
    take(key, windowMs) {
      return this.hit(key, windowMs);
    },
  };
}

// One statement per hit (or per lease of several), named so each pooled connection plans it once.
// The row lock of the upsert makes concurrent hits from any instance count exactly.
const HIT: NamedStatement = {
  name: "rate_limit_hit",
  text: `insert into rate_limit_counters as c (key, count, window_ends_at)
    values ($1, $3::int, now() + $2::int * interval '1 millisecond')
    on conflict (key) do update set
      count = case when c.window_ends_at <= now() then $3::int else c.count + $3::int end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at
                            else c.window_ends_at end
    returning count, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as reset_in_ms`,
};
const PEEK: NamedStatement = {
  name: "rate_limit_peek",
  text: `select count, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as reset_in_ms
    from rate_limit_counters where key = $1 and window_ends_at > now()`,
};

interface CounterRow extends Record<string, unknown> {
  count: number;
  reset_in_ms: number;
}

/**
 * How many slots an instance takes from the shared count at once for a limit of `max` a window:
 * one for small limits (sign-in, checkout: exact), a twelfth for large ones (60 bids a minute: 5).
 */
export function leaseSize(max: number): number {
  return max < 24 ? 1 : Math.floor(max / 12);
}

/**
 * `take` for shared counters: a bid would otherwise pay a second statement for its limit. An
 * instance adds a few slots at once to the shared count and hands them out from memory. The shared
 * count includes every slot handed to any instance, so all instances together never allow more than
 * `max`; slots an instance holds unused when the window ends are lost, so a client spreading its
 * requests over N instances may get up to (N - 1) * leaseSize(max) fewer than `max`.
 */
function leasedHits(hitMany: (key: string, windowMs: number, n: number) => Promise<Hit>) {
  const leases = new Map<
    string,
    { base: number; used: number; size: number; endsAt: number; full: boolean }
  >();
  const pending = new Map<string, Promise<unknown>>();
  return async function take(key: string, windowMs: number, max: number): Promise<Hit> {
    for (;;) {
      const now = Date.now();
      const lease = leases.get(key);
      if (lease && lease.endsAt > now && lease.used < lease.size) {
        lease.used++;
        return { count: lease.base + lease.used, resetInMs: lease.endsAt - now };
      }
      // Every slot of the window has been handed out, here or on another instance: the key is over
      // its limit until the window ends, which this instance knows without asking again. Without
      // this, each request past the limit cost a write to the shared count: a client refused with
      // 429 could still make the database work for every request it sent.
      if (lease?.full && lease.endsAt > now) {
        lease.used++;
        return { count: lease.base + lease.used, resetInMs: lease.endsAt - now };
      }
      // One reservation per key at a time on this instance; the others wait and use it.
      const inFlight = pending.get(key);
      if (inFlight) {
        await inFlight.catch(() => undefined);
        continue;
      }
      const n = leaseSize(max);
      const reserving = hitMany(key, windowMs, n);
      pending.set(key, reserving);
      try {
        const hit = await reserving;
        const base = hit.count - n;
        const size = Math.max(0, Math.min(n, max - base));
        if (leases.size > 10_000)
          for (const [k, l] of leases) if (l.endsAt <= now) leases.delete(k);
        // Leased limits only: a small one (sign-in, checkout) is counted exactly, each request by
        // one statement, as it always was.
        const full = n > 1 && hit.count >= max;
        const endsAt = Date.now() + hit.resetInMs;
        if (size === 0) {
          if (full) leases.set(key, { base: hit.count, used: 0, size: 0, endsAt, full });
          else leases.delete(key);
          return hit;
        }
        leases.set(key, { base, used: 1, size, endsAt, full });
        return { count: base + 1, resetInMs: hit.resetInMs };
      } finally {
        pending.delete(key);
      }
    }
  };
}

/** Counters in the `rate_limit_counters` table, shared by every instance on the database. */
export function databaseCounters(database: Database): LimitCounters {
  const toHit = (row: CounterRow | undefined): Hit =>
    row
      ? { count: row.count, resetInMs: Math.max(0, row.reset_in_ms) }
      : { count: 0, resetInMs: 0 };
  const hitMany = async (key: string, windowMs: number, n: number) => {
    const [row] = await database.run<CounterRow>(HIT, [key, Math.ceil(windowMs), n]);
    return toHit(row);
  };
  return {
    hit: (key, windowMs) => hitMany(key, windowMs, 1),
    take: leasedHits(hitMany),
    async peek(key) {
      const [row] = await database.run<CounterRow>(PEEK, [key]);
      return toHit(row);
    },
    async reset(key) {
      await database.run(
        { name: "rate_limit_reset", text: "delete from rate_limit_counters where key = $1" },
        [key],
      );
    },
    async prune() {
      await database.run(
        {
          name: "rate_limit_prune",
          text: "delete from rate_limit_counters where window_ends_at < now() - interval '1 minute'",
        },
        [],
      );
    },
  };
}

/** The database's counters on a PostgreSQL server, memory with PGlite (one process, nothing to share). */
export function countersFor(database: Database): LimitCounters {
  return database.driver === "pg" ? databaseCounters(database) : memoryCounters();
}
