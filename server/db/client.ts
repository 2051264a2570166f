import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDatabaseFolder } from "./data-dir-lock";
import type { Db, LimitedConnection } from "./db-handle";
import { openReadReplica, type ReadReplica, type ReplicaStatus } from "./read-replica";
import { readRoutines } from "./routines";

// Re-exported so the modules keep importing the handle with the opener (one name, one place).
export type { Db };

/**
 * A statement with a fixed text and positional parameters ($1, $2...). On the PostgreSQL server each
 * pooled connection parses and plans it once, by name, then only binds and runs it.
 */
export interface NamedStatement {
  name: string;
  text: string;
}

export type { LimitedConnection } from "./db-handle";

export interface Database {
  db: Db;
  driver: "pglite" | "pg";
  /**
   * PostgreSQL server only (PGlite runs in this process and has neither a timer nor a cancel to
   * offer): a connection whose every statement the server stops after `timeoutMs`, from a pool
   * kept per limit, as large as the main pool. `statement_timeout` is a startup parameter of its
   * connections, so the limit costs no round trip per request (browse and search, issue 18).
   */
  limitedConnection?(timeoutMs: number): Promise<LimitedConnection>;
  /**
   * A streaming replica that public reads may use while it is close behind (DATABASE_READ_URL;
   * read-replica.ts); absent without one. Callers check `healthy()` per request.
   */
  replica?: ReadReplica;
  /**
   * Runs a named statement straight through the driver and answers its rows as the driver parsed
   * them (timestamps as Date). For the hottest paths only (a bid): it skips the query builder and
   * the server's parse and plan; everything else goes through `db`.
   */
  run<T extends Record<string, unknown>>(
    statement: NamedStatement,
    params: unknown[],
  ): Promise<T[]>;
  /**
   * Applies the committed migrations, then the functions kept in modules' SQL files (routines.ts);
   * safe to call from several instances at once.
   */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** PostgreSQL server only: the main pool's connections and the requests waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Calls `handler` with each payload sent by `pg_notify(channel, payload)` from any instance on the
   * same database. Returns a function that stops listening. Every channel shares one connection.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tarball, which `{ memory: true, from }` opens again. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

export type DatabaseTarget =
  | {
      url: string;
      poolSize?: number;
      /** A streaming replica of `url` for public reads, and the lag past which it is skipped. */
      read?: { url: string; maxLagMs: number; onChange?: (status: ReplicaStatus) => void };
    }
  /** PGlite in a folder; `from` fills an empty folder from a dumped database (a restore). */
  | { pgliteDir: string; from?: Blob }
  /** In memory; `from` starts it as a copy of a dumped database instead of an empty one. */
  | { memory: true; from?: Blob };

/**
 * SQLSTATEs of a connection the server ended or refused: class 08 (connection exception),
 * 57P01-57P03 (terminated by an administrator, a crash, or a server not accepting connections yet),
 * and 53300 (every connection slot taken: the pool's new connection was turned away, which the
 * next try may not be).
 */
const CONNECTION_LOST_STATES = /^(08...|57P0[123]|53300)$/;
/** What node-postgres and Node's sockets say when the connection went away under a query. */
const CONNECTION_LOST_MESSAGES =
  /^(Connection terminated( unexpectedly)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;
const SOCKET_ERRORS = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT"]);

/**
 * True when `err`, or an error it was caused by (Drizzle wraps the driver's), says the database
 * connection was lost: the server terminated it, restarted, or the network dropped it. Nothing
 * is wrong with the request itself; it may succeed when tried again.
 */
export function isConnectionLost(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 10; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_LOST_STATES.test(code) || SOCKET_ERRORS.has(code)))
      return true;
    if (CONNECTION_LOST_MESSAGES.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}

/**
 * The pool listens for a connection's errors only while it is idle. One lost while lent out (in a
 * request's or a job's transaction, even between its statements) would emit 'error' with nobody
 * listening, which ends the process. The statement running, or the next one, fails instead and
 * the request or job fails with it (isConnectionLost); the pool then drops the connection on
 * release, as it is no longer queryable.
 */
function keepLentConnectionErrors(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
}

/** Connections each instance keeps to the PostgreSQL server unless told otherwise (DATABASE_POOL_SIZE). */
const DEFAULT_POOL_SIZE = 20;

type ListenFn = Database["listen"];

/**
 * LISTEN for every channel of this instance on one connection of its own (a pooled connection
 * cannot keep a LISTEN), opened with the first listener and closed with the last. If the server
 * drops it, it reconnects every second and listens again to every channel; what was notified
 * meanwhile is lost, which the live pages make good by refetching when their own connection
 * comes back.
 */
function sharedListener(url: string): ListenFn {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;

  const reconnect = () => {
    if (handlers.size === 0) return;
    setTimeout(() => void open().catch(reconnect), 1000);
  };

  const open = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on("notification", (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
      });
      c.on("error", () => {
        if (client === c) client = null;
        connecting = null;
        void c.end().catch(() => undefined);
        reconnect();
      });
      try {
        await c.connect();
        for (const channel of handlers.keys())
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        connecting = null;
        await c.end().catch(() => undefined);
        throw error;
      }
      client = c;
      return c;
    })();
    return connecting;
  };

  return async (channel, handler) => {
    const set = handlers.get(channel);
    if (set) set.add(handler);
    else {
      handlers.set(channel, new Set([handler]));
      // A connection still opening LISTENs to every channel known when it connects; this one may
      // have come after, and LISTEN twice is harmless.
      const c = client ?? (await open());
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    return async () => {
      const left = handlers.get(channel);
      left?.delete(handler);
      if (left?.size !== 0) return;
      handlers.delete(channel);
      const c = client;
      if (!c) return;
      if (handlers.size === 0) {
        client = null;
        connecting = null;
        await c.end().catch(() => undefined);
      } else {
        await c.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      }
    };
  };
}

/** The part of node-postgres' client a cancel request needs (not in its typings). */
interface BackendKey {
  processID: number | null;
  secretKey: number | null;
  host: string;
  port: number;
}

/** The connection class node-postgres exports, as far as a cancel request uses it. */
interface CancelSender {
  connect(portOrPath: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
  end(): void;
  on(event: "connect" | "error" | "end", listener: () => void): void;
}

/**
 * Sends PostgreSQL's cancel request for `client`'s running statement on a new connection, as
 * node-postgres' own (internal) cancel does; it answers nothing and the server closes it.
 */
function sendCancel(client: pg.PoolClient): void {
  const key = client as unknown as BackendKey;
  const { processID, secretKey } = key;
  if (processID === null || secretKey === null) return;
  const Connection = (pg as unknown as { Connection: new () => CancelSender }).Connection;
  const con = new Connection();
  con.on("error", () => undefined);
  con.on("connect", () => con.cancel(processID, secretKey));
  if (key.host?.startsWith("/")) con.connect(`${key.host}/.s.PGSQL.${key.port}`);
  else con.connect(key.port, key.host);
}

/**
 * Settings every browse and search connection starts with (on PGlite, withQueryLimits sets
 * them in its transaction): the joins of those queries are written in the order they should
 * run (a page's ids first, then one row of each table by primary key), so the planner is told to
 * keep that order rather than search every order of the card's eight relations. The plans stay
 * the same and planning takes half as long: the card statement of a search planned in 1.9 ms and
 * ran in 1.7 ms at 1,000,000 listings; kept in order it plans in 0.95 ms (issue 18).
 * No parallel workers: a browse statement is one of many small ones running at once, where
 * workers only add their start-up (about 1 ms each) and take cores from the other requests; and
 * with them the planner gave a common word's newest-first walk (the word signature, decision 0018)
 * to two workers merging their halves instead of one walk that stops at the page.
 */
export const BROWSE_PLANNER_SETTINGS = {
  join_collapse_limit: "1",
  max_parallel_workers_per_gather: "0",
} as const;

/**
 * A browse connection's URL and startup `options`: the URL's own options, if any, then
 * BROWSE_PLANNER_SETTINGS. The driver lets options in the URL replace those of its config, so they
 * are moved out of it; a URL without options is passed on as it is (the driver reads some that
 * WHATWG URL parsing refuses).
 */
export function browseConnection(url: string): { connectionString: string; options: string } {
  const ours = Object.entries(BROWSE_PLANNER_SETTINGS).map(
    ([name, value]) => `-c ${name}=${value}`,
  );
  let own: string | null = null;
  let connectionString = url;
  try {
    const parsed = new URL(url);
    own = parsed.searchParams.get("options");
    if (own !== null) {
      parsed.searchParams.delete("options");
      connectionString = parsed.toString();
    }
  } catch {
    // Not a URL this parser takes: the driver parses it, and any options in it win over ours.
  }
  return { connectionString, options: [own, ...ours].filter(Boolean).join(" ") };
}

/** The replica's main pool, kept from crashing the process as the primary's is. */
function replicaPool(url: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Connections the replica's server closes (it restarts, it is stopped) are dropped by the pool.
  pool.on("error", () => undefined);
  keepLentConnectionErrors(pool);
  return pool;
}

/** Pools whose connections carry `statement_timeout` from their start, one per limit. */
function limitedPools(url: string, poolSize: number) {
  const pools = new Map<number, pg.Pool>();
  // One query builder per pooled connection, made once (drizzle's setup is not free per request).
  const builders = new WeakMap<pg.PoolClient, Db>();
  return {
    async connect(timeoutMs: number): Promise<LimitedConnection> {
      let pool = pools.get(timeoutMs);
      if (!pool) {
        pool = new pg.Pool({
          ...browseConnection(url),
          max: poolSize,
          statement_timeout: timeoutMs,
        });
        pool.on("error", () => undefined);
        keepLentConnectionErrors(pool);
        pools.set(timeoutMs, pool);
      }
      const client = await pool.connect();
      let db = builders.get(client);
      if (!db) {
        db = drizzleNodePg(client) as unknown as Db;
        builders.set(client, db);
      }
      let cancelled = false;
      return {
        db,
        cancel() {
          if (cancelled) return;
          cancelled = true;
          sendCancel(client);
        },
        release() {
          // Cancelled: closed, never handed to another request (see LimitedConnection.cancel).
          client.release(cancelled);
        },
      };
    },
    async close() {
      await Promise.all([...pools.values()].map((pool) => pool.end()));
      pools.clear();
    },
  };
}

/** How many migrations the database has recorded (none before the first). */
async function appliedMigrations(client: pg.PoolClient): Promise<number> {
  // Two statements: one naming a table that does not exist yet fails even in an untaken branch.
  const exists = await client.query<{ table: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as table",
  );
  if (!exists.rows[0]?.table) return 0;
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from drizzle.__drizzle_migrations",
  );
  return rows[0]?.n ?? 0;
}

/**
 * After a migration that rewrote listings (a column added with a value, as search_signature
 * did), its visibility map is empty until a vacuum: every index-only walk of the browse indexes
 * (the word signature's, the capped counts) would read the table for each entry, and autovacuum
 * counts no rewrite as a change, so it may not come for days. A vacuum needs no lock that stops
 * reads or writes; it runs only when a migration was just applied and the table is mostly unmarked.
 */
async function vacuumIfRewritten(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ pages: number; visible: number }>(
    `select relpages as pages, relallvisible as visible from pg_class
      where oid = to_regclass('listings')`,
  );
  const table = rows[0];
  if (table && table.pages > 1_000 && table.visible < table.pages / 2) {
    await client.query("vacuum (analyze) listings");
  }
}

/** Opens PostgreSQL when a URL is given, else PGlite on disk (or in memory for tests). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) {
    const poolSize = target.poolSize ?? DEFAULT_POOL_SIZE;
    const pool = new pg.Pool({ connectionString: target.url, max: poolSize });
    const limited = limitedPools(target.url, poolSize);
    // An idle connection the server closes (restart, failover) is dropped and replaced by the pool;
    // without a listener that event would crash the process.
    pool.on("error", () => undefined);
    keepLentConnectionErrors(pool);
    const db = drizzleNodePg(pool) as unknown as Db;
    const replica = target.read
      ? openReadReplica({
          pool: replicaPool(target.read.url, poolSize),
          primary: pool,
          maxLagMs: target.read.maxLagMs,
          limited: limitedPools(target.read.url, poolSize),
          onChange: target.read.onChange,
        })
      : undefined;
    return {
      db,
      driver: "pg",
      replica,
      async run<T extends Record<string, unknown>>(statement: NamedStatement, params: unknown[]) {
        const result = await pool.query<T>({ ...statement, values: params });
        return result.rows;
      },
      async migrate() {
        // Several instances may start at once: one migrates, the others wait for it.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(727274)");
          const applied = await appliedMigrations(client);
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
          if ((await appliedMigrations(client)) > applied) await vacuumIfRewritten(client);
          // Under the same lock: two instances replacing one function at once could fail with
          // "tuple concurrently updated". In one transaction: a bad file changes nothing.
          const routines = readRoutines();
          await client.query("begin");
          try {
            await client.query(routines);
            await client.query("commit");
          } catch (error) {
            await client.query("rollback").catch(() => undefined);
            throw error;
          }
        } finally {
          await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
          client.release();
        }
      },
      async ping() {
        await pool.query("select 1");
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      limitedConnection: (timeoutMs) => limited.connect(timeoutMs),
      listen: sharedListener(target.url),
      async close() {
        await replica?.close();
        await limited.close();
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  let unlock = () => {};
  if ("pgliteDir" in target) {
    // One process at a time (data-dir-lock.ts): the lock sits beside the database's folder.
    unlock = lockDatabaseFolder(target.pgliteDir);
    fs.mkdirSync(target.pgliteDir, { recursive: true });
    dataDir = target.pgliteDir;
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm },
      ...("from" in target && target.from ? { loadDataDir: target.from } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    driver: "pglite",
    async run<T extends Record<string, unknown>>(statement: NamedStatement, params: unknown[]) {
      const result = await client.query<T>(statement.text, params);
      return result.rows;
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      const routines = readRoutines();
      await client.transaction(async (tx) => {
        await tx.exec(routines);
      });
    },
    async ping() {
      await client.query("select 1");
    },
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, handler);
      return async () => {
        await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    async close() {
      await client.close();
      unlock();
    },
  };
}
