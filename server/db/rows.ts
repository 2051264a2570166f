import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./db-handle";

/**
 * Runs raw SQL and returns its rows. Both drivers (node-postgres and PGlite) answer with
 * `{ rows }`, but the shared Drizzle type cannot say so; this is the one place that bridges it.
 */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp column as the API's ISO 8601 UTC string; drivers answer Date or text. */
export function isoTime(value: Date | string): string {
  return new Date(value).toISOString();
}

/** `a, b, c` of uuid parameters, for `where id in (${uuidList(ids)})`. */
export function uuidList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

const dialect = new PgDialect();

/**
 * rows(), sent on the PostgreSQL server as a named statement (`kind` and a hash of its text): each
 * connection parses it once, and after five runs PostgreSQL keeps one generic plan for it when that
 * plan costs no more than planning anew, so later runs skip planning altogether (decision 0030). For
 * statements planned the same whatever their values, whose planning costs as much as their run:
 * every value that would otherwise be computed per row of a generic plan (a search's tsquery) must
 * be a scalar subquery, computed once. PGlite has no named statements: there it is rows().
 * The request's cancel still reaches it (query-limits.ts cancels the connection's statement).
 */
export async function preparedRows<T>(db: Db, query: SQL, kind: string): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `${kind}_${createHash("sha1").update(built.sql).digest("hex").slice(0, 16)}`;
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
