import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * The query surface both drivers share; services depend on this, never on a driver. Its own file
 * so rows.ts and routines.ts need not import client.ts, which imports them (no file cycle).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
