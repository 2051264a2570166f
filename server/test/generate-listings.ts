/**
 * Many realistic listings generated in SQL (issue 18), for bench:search (a million) and the search
 * equivalence test (ten thousand). Run on a database seeded with the demo data: it uses its
 * categories and territories, and the demo listings' titles and descriptions as vocabulary.
 *
 * Templates are drawn with a Zipf-like skew (some products common, most rare); the templates that
 * name a rare word (calabash) appear about `rarePerMillion` times a million; "Vintage" prefixes
 * about 4% of titles. 45% are auctions with auction_settings rows (durations of 1-10 days over the
 * last 180 days, so most are over: settled as sold when a bid met the reserve, else ended; 60% have
 * bids); fixed-price listings are 80% active, the rest sold out. Territories are skewed (the first
 * by name largest), 0.5% are featured, a fifth of the fixed-price ones take offers, sellers are `sellers` new users (`benchseller<n>`).
 * No pictures. Uses random(): each run differs.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { CATEGORY_TREE } from "../seed/seed-data";

/** Templates naming this appear a handful of times: the rare-word case. */
export const RARE_WORD = /calabash/i;

export interface GenerateOptions {
  listings: number;
  sellers: number;
  /** How often the rare templates appear, per million listings (7 by default). */
  rarePerMillion?: number;
  /** Told each step as it finishes. */
  log?: (step: string) => void;
  /**
   * The rows' order on disk: "drawn" (the draw's order, so listing dates are scattered over the
   * table, as earlier benchmarks had them) or "created" (oldest first, as a live table fills: each
   * listing is written when it is made, so the newest sit together at the end).
   */
  heapOrder?: "drawn" | "created";
}

function templates() {
  return CATEGORY_TREE.flatMap((c) =>
    c.subcategories.flatMap((s) =>
      s.templates.map((t) => ({
        title: t.title,
        description: t.description,
        category: c.slug,
        sub: s.slug,
        pmin: t.priceCents[0],
        pmax: t.priceCents[1],
        smin: s.shippingCents[0],
        smax: s.shippingCents[1],
        conditions: s.conditions,
        delivery: s.delivery,
      })),
    ),
  ).map((t, n) => ({ n, ...t }));
}

/** Generates the listings (and their auction settings) in a few statements. */
export async function generateListings(db: Db, options: GenerateOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  const tpl = templates();
  // A Zipf-like draw: template k (in a fixed shuffled order) weighs 1/k; rare ones sit outside it.
  const common = tpl.filter((t) => !RARE_WORD.test(`${t.title} ${t.description}`));
  const rare = tpl.filter((t) => RARE_WORD.test(`${t.title} ${t.description}`));
  const order = [...common].sort((a, b) => ((a.n * 7919) % 173) - ((b.n * 7919) % 173));
  const sum = order.reduce((total, _, k) => total + 1 / (k + 1), 0);
  const slots: number[] = [];
  order.forEach((t, k) => {
    const count = Math.max(1, Math.round((1 / (k + 1) / sum) * 20_000));
    for (let i = 0; i < count; i++) slots.push(t.n);
  });
  const rareShare = rare.length > 0 ? (options.rarePerMillion ?? 7) / 1_000_000 : 0;

  await db.execute(sql`drop table if exists gen_tpl, gen_listing, gen_seller`);
  await db.execute(sql`create unlogged table gen_tpl as
    select x.*, c.id as category_id, s.id as subcategory_id
    from json_to_recordset(${JSON.stringify(tpl)}::json) as x(n int, title text, description text,
      category text, sub text, pmin int, pmax int, smin int, smax int, conditions text, delivery text)
    join categories c on c.slug = x.category join categories s on s.slug = x.sub`);
  await db.execute(sql`insert into users (email, username, full_name, email_confirmed_at, rating_total,
      rating_count, created_at)
    select 'benchseller' || i || '@bench.example', 'benchseller' || i, 'Bench Seller ' || i, now(),
      (i % 40) * 4 + (i % 3), i % 40, now() - interval '400 days'
    from generate_series(1, ${options.sellers}::int) i
    on conflict do nothing`);
  await db.execute(sql`create unlogged table gen_seller as
    select (row_number() over (order by id) - 1)::int as n, id from users
    where username like 'benchseller%'`);
  const [counts] = await rows<{ sellers: number; territories: number }>(
    db,
    sql`select (select count(*) from gen_seller)::int as sellers,
      (select count(*) from territories)::int as territories`,
  );
  const sellers = counts?.sellers ?? 1;
  log("templates and sellers");

  // Every column drawn once, in one unlogged table; listings and auctions are copied from it.
  await db.execute(sql`create unlogged table gen_listing as
    with slot as (
      select (ordinality - 1)::int as i, value::int as tpl
      from jsonb_array_elements_text(${JSON.stringify(slots)}::jsonb) with ordinality
    ),
    rare as (
      select (ordinality - 1)::int as i, value::int as tpl
      from jsonb_array_elements_text(${JSON.stringify(rare.map((t) => t.n))}::jsonb) with ordinality
    ),
    terr as (select (row_number() over (order by name) - 1)::int as i, id from territories),
    draw as (
      select g, gen_random_uuid() as id, random() < ${rareShare}::float8 as is_rare,
        floor(random() * ${slots.length}::int)::int as slot_i,
        floor(random() * greatest(1, ${rare.length}::int))::int as rare_i,
        floor(power(random(), 2) * ${counts?.territories ?? 1}::int)::int as terr_i,
        random() < 0.45 as auction, random() as r1, random() as r2, random() as r3, random() as r4,
        random() as r5, random() as r6, random() as r7,
        now() - (power(random(), 1.3) * interval '180 days') as created_at,
        (array[1, 3, 5, 7, 10])[1 + floor(random() * 5)::int] as days
      from generate_series(1, ${options.listings}::int) g
    )
    select d.*, t.category_id, t.subcategory_id, terr.id as territory_id, s.id as seller_id,
      (case when d.r1 < 0.04 then 'Vintage ' when d.r1 < 0.06 then 'Rare '
            when d.r1 < 0.09 then 'Brand New ' when d.r1 < 0.12 then 'Like New ' else '' end)
        || t.title
        || (case when d.r2 < 0.05 then ', Barely Used' when d.r2 < 0.08 then ' - Must Go'
                 when d.r2 < 0.10 then ' (Island Pickup)' else '' end) as title,
      t.description,
      (t.pmin + floor(d.r3 * (t.pmax - t.pmin + 1)))::int as price,
      case when d.auction then d.created_at + make_interval(days => d.days) end as end_time,
      case when t.conditions = 'none' then null
           when t.conditions = 'new' or d.r4 < 0.4 then 'new'
           else (array['like-new', 'good', 'fair', 'poor'])[1 + floor(d.r5 * 4)::int] end as condition,
      case when d.r6 < 0.3 then 0 else t.smin + floor(d.r6 * (t.smax - t.smin + 1))::int end as shipping,
      (t.delivery <> 'ship' or d.r7 < 0.3) as local_pickup
    from draw d
    left join slot on slot.i = d.slot_i
    left join rare on rare.i = d.rare_i
    join gen_tpl t on t.n = case when d.is_rare and rare.tpl is not null then rare.tpl else slot.tpl end
    join terr on terr.i = d.terr_i
    join gen_seller s on s.n = d.g % ${sellers}::int`);
  log(`${options.listings.toLocaleString("en-US")} listings drawn`);

  await db.execute(sql`insert into listings (id, seller_id, title, description, kind, category_id,
      subcategory_id, territory_id, condition, price_cents, quantity, shipping_cents, local_pickup,
      status, featured, accepts_offers, created_at, updated_at)
    select id, seller_id, title, description,
      (case when auction then 'auction' else 'fixed_price' end)::listing_kind,
      category_id, subcategory_id, territory_id, condition, price,
      case when auction then 1 when r4 >= 0.8 then 0 else 1 + floor(r5 * 10)::int end,
      shipping, local_pickup,
      (case when not auction then case when r4 < 0.8 then 'active' else 'sold' end
            when auction_before_end(end_time) then 'active'
            when r2 < 0.6 and (r3 > 0.2 or r1 > 0.5) then 'sold'
            else 'ended' end)::listing_status,
      r7 < 0.005, not auction and r6 > 0.8, created_at, created_at
    from gen_listing
    ${options.heapOrder === "created" ? sql`order by created_at` : sql``}`);
  log("listings inserted");
  // Bids on 60% of auctions (a count, a current bid above the start, a leader); reserves on 20%.
  await db.execute(sql`insert into auction_settings (listing_id, start_price_cents, reserve_price_cents,
      buy_it_now_price_cents, start_time, end_time, current_bid_cents, bid_count, leader_id,
      leader_max_cents, settled_at)
    select g.id, g.price,
      case when g.r3 <= 0.2 then (g.price * 1.5)::int end,
      case when g.r6 < 0.1 then (g.price * 2)::int end,
      g.created_at, g.end_time,
      case when g.r2 < 0.6 then (g.price * (1 + g.r5 * 1.5))::int end,
      case when g.r2 < 0.6 then 1 + floor(power(g.r4, 2) * 30)::int else 0 end,
      case when g.r2 < 0.6 then s.id end,
      case when g.r2 < 0.6 then (g.price * (1 + g.r5 * 1.5))::int + 500 end,
      case when not auction_before_end(g.end_time) then g.end_time end
    from gen_listing g join gen_seller s on s.n = (g.g + 17) % ${sellers}::int
    where g.auction`);
  log("auction settings inserted");
  await db.execute(sql`drop table gen_listing, gen_tpl, gen_seller`);
}
