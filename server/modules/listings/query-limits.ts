import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { ERROR_CODES } from "../../../core/errors";
import {
  BROWSE_PLANNER_SETTINGS,
  type Database,
  type Db,
  isConnectionLost,
  type LimitedConnection,
} from "../../db/client";
import { AppError } from "../../errors";
import { retryOnPrimary } from "../../plugins/public-reads";

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout or a cancel request. */
const QUERY_CANCELED = "57014";

function isCancelled(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

/** A signal that fires when the client of `reply` goes away before its answer is complete. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

const timedOut = () =>
  new AppError(
    503,
    ERROR_CODES.searchTimedOut,
    "The search took too long. Try more specific words or add a filter.",
  );

/** The browse connections' planner settings, set for a PGlite transaction: `, set_config(...)` each. */
const PLANNER_SETTINGS = sql.join(
  Object.entries(BROWSE_PLANNER_SETTINGS).map(
    ([name, value]) => sql`, set_config(${name}, ${value}, true)`,
  ),
);

const gone = () => new AppError(499, ERROR_CODES.clientClosed, "The client went away.");

/**
 * Runs a browse or search request's queries (issue 18) on one connection whose statements the
 * server stops after `timeoutMs`: a query the indexes do not serve well is answered 503 rather
 * than holding a connection for seconds. Should the client go away (`signal`), no further
 * statement starts, and on PostgreSQL the one running is cancelled.
 *
 * On a PostgreSQL server the connection comes from a pool whose connections carry the limit from
 * their start (`Database.limitedConnection`), so the request pays no round trip for it; a cancel
 * is PostgreSQL's cancel request for that connection's backend, after which the connection is
 * closed, never pooled, so it can only ever reach this request's statement. On PGlite (one
 * process, no cancel) the queries run in a transaction that sets the limit, and the planner
 * settings the server's browse connections start with, for itself.
 */
export async function withQueryLimits<T>(
  database: Database,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  fn: (db: Db) => Promise<T>,
  /** The request may read the replica (FastifyInstance.mayReadReplica); else the primary. */
  { replica = false }: { replica?: boolean } = {},
): Promise<T> {
  const readReplica = replica ? database.replica : undefined;
  if (readReplica?.healthy()) {
    try {
      return await limited(readReplica.limitedConnection, timeoutMs, signal, fn);
    } catch (err) {
      // The replica failed the read (it went down, a recovery conflict): the primary answers it,
      // so a replica's trouble costs the reader time, not an error (public-reads.ts).
      if (err instanceof AppError || !retryOnPrimary(err)) {
        if (isCancelled(err)) throw timedOut();
        throw err;
      }
      if (isConnectionLost(err)) readReplica.markDown();
    }
  }
  return withPrimaryLimits(database, timeoutMs, signal, fn);
}

/** withQueryLimits on the primary. */
async function withPrimaryLimits<T>(
  database: Database,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  try {
    if (database.limitedConnection) {
      return await limited(database.limitedConnection, timeoutMs, signal, fn);
    }
    return await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)${PLANNER_SETTINGS}`,
      );
      return fn(guarded(tx, signal));
    });
  } catch (err) {
    if (isCancelled(err)) throw timedOut();
    throw err;
  }
}

/** `fn` on a connection of a time-limited pool, cancelled should the client go away. */
async function limited<T>(
  connect: (timeoutMs: number) => Promise<LimitedConnection>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  if (signal?.aborted) throw gone();
  const connection = await connect(timeoutMs);
  const onAbort = () => connection.cancel();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // The client may have gone while a connection was awaited.
    if (signal?.aborted) throw gone();
    return await fn(guarded(connection.db, signal));
  } finally {
    signal?.removeEventListener("abort", onAbort);
    connection.release();
  }
}

/** `db`, refusing to start a statement once `signal` has fired. */
function guarded(db: Db, signal: AbortSignal | undefined): Db {
  if (!signal) return db;
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== "execute" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (signal.aborted) throw gone();
        return value.apply(target, args);
      };
    },
  });
}
