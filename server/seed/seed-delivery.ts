import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Demo delivery by destination (issue 29), run inside the seed's transaction once the listings are
 * in. The plan's listings ship as every listing did before (within their territory and to the
 * other Caribbean territories at their shipping price, handling 3 days); this varies them without
 * a draw of the seed's random numbers, so every other demo row stays as it was:
 * - handling times of 0 to 5 business days;
 * - a dearer Caribbean price on a third of them, expedited on a quarter;
 * - one in five ships to the rest of the world;
 * - one in eleven (and every bulky pickup-only item) ships only within its territory, so it does
 *   not ship to Grenada (or anywhere else in the region): the page says so and no one there can
 *   buy or bid on it. Grenada's own such listings still ship within Grenada.
 * Judged by the order of creation, so the same listings get the same table on every seed.
 */
export async function seedDemoDelivery(tx: Db): Promise<void> {
  await tx.execute(sql`
    with numbered as (
      select id, row_number() over (order by created_at, id) as i,
             shipping_cents, local_pickup and shipping_cents = 0 as pickup_only
      from listings)
    update listings l set
      handling_days = (array[1, 2, 3, 3, 5, 0, 4, 2])[(n.i % 8) + 1],
      ship_caribbean_service = case
        when n.i % 11 = 0 or n.pickup_only then null
        when n.i % 4 = 0 then 'expedited' else 'standard' end,
      ship_caribbean_cents = case
        when n.i % 11 = 0 or n.pickup_only then null
        when n.i % 3 = 0 then n.shipping_cents + 800 else n.shipping_cents end,
      ship_world_service = case when n.i % 5 = 0 and not n.pickup_only then 'standard' end,
      ship_world_cents = case
        when n.i % 5 = 0 and not n.pickup_only then n.shipping_cents * 2 + 2500 end
    from numbered n where n.id = l.id`);
}
