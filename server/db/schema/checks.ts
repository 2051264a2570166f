import { sql } from "drizzle-orm";

/**
 * `column in ('a', 'b', ...)` for a CHECK constraint: the allowed values are written into the
 * constraint (they come from the code's own lists, never from input), so a new value needs a
 * migration, which drizzle-kit generates from the changed list.
 */
export const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;
