import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client";
import { isConnectionLost } from "../db/client";

/**
 * Which database a public read (browse, search, home, a listing's page) runs on: the read replica
 * (DATABASE_READ_URL) while it is close behind, unless the reader has just written, in which case
 * the primary, so that nobody misses their own change (a bid, a new listing, a watch) because the
 * replica has not replayed it yet. "Just written" travels with the browser, not with an instance:
 * a successful write answers a short-lived cookie, which every instance reads.
 */
export const FRESH_READS_COOKIE = "tw_fresh";
/** How long after a write its writer reads from the primary; well past the largest lag allowed. */
export const FRESH_READS_SECONDS = 15;

/** PostgreSQL's SQLSTATE for a statement cancelled (statement_timeout): the primary would be no faster. */
const QUERY_CANCELED = "57014";

function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 10; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a read that failed on the replica should run again on the primary. */
export function retryOnPrimary(err: unknown): boolean {
  if (isConnectionLost(err)) return true;
  const state = sqlState(err);
  // A database error other than a timeout: a standby's recovery conflict (40001), a replica
  // restarting (57P03)... The primary answers it; an application error (a 404) is not retried.
  return state !== undefined && state !== QUERY_CANCELED;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Runs a public read on the replica when this request may use it (a GET, the replica healthy,
     * the reader has not just written), else on the primary; a read the replica fails is run
     * again on the primary, so a replica going down costs time, never an error.
     */
    publicRead<T>(request: FastifyRequest, read: (db: Db) => Promise<T>): Promise<T>;
    /** Whether this request's public reads may go to the replica now. */
    mayReadReplica(request: FastifyRequest): boolean;
  }
}

export const publicReadsPlugin = fp(
  async (app) => {
    const replica = app.database.replica;
    const secure = app.config.publicUrl.startsWith("https:");

    app.decorate(
      "mayReadReplica",
      (request: FastifyRequest) =>
        !!replica &&
        request.method === "GET" &&
        !request.cookies[FRESH_READS_COOKIE] &&
        replica.healthy(),
    );

    app.decorate("publicRead", async <T>(request: FastifyRequest, read: (db: Db) => Promise<T>) => {
      if (!replica || !app.mayReadReplica(request)) return read(app.db);
      try {
        return await read(replica.db);
      } catch (err) {
        if (!retryOnPrimary(err)) throw err;
        if (isConnectionLost(err)) replica.markDown();
        request.log.warn({ err }, "a read failed on the replica; answered from the primary");
        return read(app.db);
      }
    });

    if (!replica) return;
    app.addHook("onSend", async (request, reply, payload) => {
      if (request.method === "GET" || request.method === "HEAD" || reply.statusCode >= 400)
        return payload;
      reply.setCookie(FRESH_READS_COOKIE, "1", {
        path: "/",
        maxAge: FRESH_READS_SECONDS,
        httpOnly: true,
        sameSite: "lax",
        secure,
      });
      return payload;
    });
  },
  { name: "public-reads", dependencies: ["db", "session"] },
);
