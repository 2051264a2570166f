import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rows } from "../db/rows";

const DAY = 86_400_000;

/** Each copy's price against its listing's and how many days ago it sold: a spread to take a median of. */
const PAST_SALES = [
  { factor: 0.8, daysAgo: 6 },
  { factor: 0.95, daysAgo: 19 },
  { factor: 1.05, daysAgo: 37 },
  { factor: 1.2, daysAgo: 63 },
] as const;

/**
 * Sold history for sold-price research (issue 30): for the oldest listing on sale in each
 * subcategory, four earlier lots of the same item by its seller ("..., lot 1" to "lot 4"), at prices around its own and on
 * dates within the last 90 days, so that its page's Recently sold strip and /listings' Sold items
 * show something with a median. Sold out fixed-price listings with the listing's pictures; no
 * orders (they stand for sales before the demo's records begin).
 */
export async function seedDemoSoldHistory(tx: Db, now: Date): Promise<void> {
  const sources = await rows<{ id: string; price: number }>(
    tx,
    sql`select distinct on (l.subcategory_id) l.id, coalesce(l.auction_bid_cents, l.price_cents) as price
        from listings l
        where l.status = 'active' and l.moderation = 'visible' and l.subcategory_id is not null
        order by l.subcategory_id, l.created_at, l.id`,
  );
  for (const source of sources) {
    for (const [index, sale] of PAST_SALES.entries()) {
      // Each earlier lot its own title (titles stay unique), every word of the listing's kept.
      const lot = `, lot ${PAST_SALES.length - index}`;
      const soldAt = new Date(now.getTime() - sale.daysAgo * DAY);
      const listedAt = new Date(soldAt.getTime() - 5 * DAY);
      const price = Math.max(100, Math.round((Number(source.price) * sale.factor) / 100) * 100);
      const [copy] = await rows<{ id: string }>(
        tx,
        sql`insert into listings (seller_id, title, description, kind, category_id, subcategory_id,
              territory_id, condition, price_cents, quantity, shipping_cents, local_pickup,
              return_policy_days, specifications, status, created_at, updated_at, sold_at)
            select seller_id, title || ${lot}, description, 'fixed_price', category_id, subcategory_id,
              territory_id, condition, ${price}, 0, shipping_cents, local_pickup,
              return_policy_days, specifications, 'sold', ${listedAt.toISOString()}::timestamptz, ${soldAt.toISOString()}::timestamptz,
              ${soldAt.toISOString()}::timestamptz
            from listings where id = ${source.id}
            returning id`,
      );
      if (!copy) continue;
      await tx.execute(
        sql`insert into listing_images (listing_id, position, url, thumb_url, width, height, upload_id)
            select ${copy.id}, position, url, thumb_url, width, height, upload_id
            from listing_images where listing_id = ${source.id}`,
      );
    }
  }
}
