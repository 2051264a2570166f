import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uuidList } from "../../db/rows";

/**
 * Locks listings (and, with `withAuctions`, their auction rows: the row a bid locks) until the
 * transaction ends, in id order so two transactions over the same listings never deadlock.
 *
 * Lock first, read after, in separate statements: under READ COMMITTED the next statement's
 * snapshot then includes everything committed by whoever held the lock before us. A locking read
 * (`select ... for update` with subqueries) would re-check only the locked row and keep a stale
 * snapshot for the rest: checkout sold 29 of 10 units that way in the 200-buyer test.
 */
export async function lockListings(
  tx: Db,
  ids: readonly string[],
  options: { withAuctions?: boolean } = {},
): Promise<void> {
  if (ids.length === 0) return;
  const list = uuidList(ids);
  await tx.execute(sql`select id from listings where id in (${list}) order by id for update`);
  if (options.withAuctions)
    await tx.execute(
      sql`select listing_id from auction_settings where listing_id in (${list})
          order by listing_id for update`,
    );
}
