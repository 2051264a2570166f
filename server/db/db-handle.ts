import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * The query surface both drivers share; services depend on this, never on a driver. Its own file
 * so rows.ts, routines.ts and read-replica.ts need not import client.ts, which imports them (no
 * file cycle); LimitedConnection lives here for the same reason.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * A connection of its own pool, on which the server stops every statement after a time limit
 * (`limitedConnection`). Release it once done with it.
 */
export interface LimitedConnection {
  db: Db;
  /**
   * Asks the server, through PostgreSQL's cancel request (the connection's backend pid and secret
   * key, on a connection of its own), to stop the statement running on this connection, if any;
   * the connection is then closed on release rather than pooled, so a cancel that arrives late
   * can only reach a connection nobody else uses.
   */
  cancel(): void;
  release(): void;
}
