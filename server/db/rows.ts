import { type SQL, sql } from "drizzle-orm";
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
