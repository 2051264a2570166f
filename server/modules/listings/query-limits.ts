import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { AppError } from "../../errors";

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

/**
 * Runs a browse or search request's queries (issue 18) in one transaction on one connection, with
 * `statement_timeout` set for it alone: a query the indexes do not serve well is stopped after
 * `timeoutMs` and answered 503 rather than holding a connection for seconds. Should the client go
 * away (`signal`), no further statement starts, and on PostgreSQL the one running is cancelled:
 * the transaction marks its connection with a random application_name, and the cancel names it,
 * so it can only ever reach this transaction's statement (a connection back in the pool has its
 * own name again).
 */
export async function withQueryLimits<T>(
  db: Db,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  const name = `tw-browse-${randomBytes(6).toString("hex")}`;
  try {
    return await db.transaction(async (tx) => {
      const [session] = await rows<{ pid: number | null }>(
        tx,
        sql`select set_config('statement_timeout', ${String(timeoutMs)}, true),
          set_config('application_name', ${name}, true), pg_backend_pid() as pid`,
      );
      const pid = session?.pid ?? null;
      const onAbort = () => {
        if (pid === null) return;
        // On another connection; one the pool holds no longer carries the name, so it is spared.
        db.execute(
          sql`select pg_cancel_backend(pid) from pg_stat_activity
            where pid = ${pid} and application_name = ${name}`,
        ).catch(() => undefined);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        return await fn(guarded(tx, signal));
      } finally {
        signal?.removeEventListener("abort", onAbort);
      }
    });
  } catch (err) {
    if (isCancelled(err)) {
      throw new AppError(
        503,
        ERROR_CODES.searchTimedOut,
        "The search took too long. Try more specific words or add a filter.",
      );
    }
    throw err;
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
        if (signal.aborted) {
          throw new AppError(499, ERROR_CODES.clientClosed, "The client went away.");
        }
        return value.apply(target, args);
      };
    },
  });
}
