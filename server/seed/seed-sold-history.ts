import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

const DAY = 86_400_000;

/**
 * Earlier lots of an item, each at a price against the item's own and sold so many days ago: a
 * spread to take a median of, within the strip's 90 days.
 */
const PAST_LOTS = [
  { lot: 1, factor: 1.2, daysAgo: 63 },
  { lot: 2, factor: 0.85, daysAgo: 31 },
  { lot: 3, factor: 1.05, daysAgo: 9 },
] as const;

/**
 * Sold history for sold-price research (issue 30): for the oldest listing on sale in each
 * top-level category, three earlier lots of the same item by its seller ("<title>, lot 1" to
 * "lot 3": every word of the title kept, titles still unique) at prices around its own and sold
 * within the last 90 days, so that its page's Recently sold strip and /listings' Sold items show
 * something with a median. Sold-out fixed-price listings sharing the item's pictures; no orders
 * (they stand for sales before the demo's records begin). Few, so the catalogue's mix of auctions
 * and fixed price stays as seed.test.ts holds it. Two statements, whatever the count.
 */
export async function seedDemoSoldHistory(tx: Db, now: Date): Promise<void> {
  const lots = sql.join(
    PAST_LOTS.map(
      (p) =>
        sql`(${p.lot}::int, ${p.factor}::numeric, ${new Date(now.getTime() - p.daysAgo * DAY).toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    with source as (
      select distinct on (l.category_id) l.*, coalesce(l.auction_bid_cents, l.price_cents) as price
      from listings l
      where l.status = 'active' and l.moderation = 'visible' and l.subcategory_id is not null
      order by l.category_id, l.created_at, l.id
    )
    insert into listings (seller_id, title, description, kind, category_id, subcategory_id,
      territory_id, condition, price_cents, quantity, shipping_cents, local_pickup,
      return_policy_days, specifications, status, created_at, updated_at, sold_at)
    select s.seller_id, s.title || ', lot ' || p.lot, s.description, 'fixed_price', s.category_id,
      s.subcategory_id, s.territory_id, s.condition,
      greatest(100, round(s.price * p.factor / 100) * 100)::int, 0, s.shipping_cents,
      s.local_pickup, s.return_policy_days, s.specifications, 'sold',
      p.sold_at - interval '5 days', p.sold_at, p.sold_at
    from source s cross join (values ${lots}) as p(lot, factor, sold_at)`);
  // Each lot shows its item's pictures (the same files: nothing new to draw or store).
  await tx.execute(sql`
    insert into listing_images (listing_id, position, url, thumb_url, width, height, upload_id)
    select c.id, i.position, i.url, i.thumb_url, i.width, i.height, i.upload_id
    from listings c
    join listings s on s.seller_id = c.seller_id and s.status = 'active'
      and c.title in (s.title || ', lot 1', s.title || ', lot 2', s.title || ', lot 3')
    join listing_images i on i.listing_id = s.id
    where c.status = 'sold' and c.kind = 'fixed_price' and c.title like '%, lot _'`);
}
