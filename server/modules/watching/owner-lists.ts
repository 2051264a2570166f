import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Serialises changes to one user's list of one kind until the transaction ends, so that "count,
 * then add if under the limit" can't let two concurrent adds past it. An advisory lock, not a row
 * lock on the user: nothing else that touches the user waits.
 */
export async function lockOwnerList(
  tx: Db,
  list: "watchlist" | "saved-searches" | "followed-sellers",
  userId: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${list}:${userId}`}, 0))`);
}
