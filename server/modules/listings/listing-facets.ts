import { sql } from "drizzle-orm";
import type { ListingFacets, ListingQuery } from "../../../core/contracts/browse";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { fromListing, whereFor } from "./listings.service";

type Filters = Partial<ListingQuery>;

function toCounts(result: { key: string | null; n: number }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of result) if (row.key !== null) counts[row.key] = Number(row.n);
  return counts;
}

/** Listings per category slug, each under its category and its subcategory. */
async function categoryCounts(db: Db, q: Filters): Promise<Record<string, number>> {
  const result = await rows<{ key: string; n: number }>(
    db,
    sql`
    with m as (select l.category_id, l.subcategory_id ${fromListing} where ${whereFor(q)}),
    per as (
      select category_id as id, count(*) as n from m group by category_id
      union all
      select subcategory_id, count(*) from m where subcategory_id is not null group by subcategory_id
    )
    select c.slug as key, per.n::int as n from per join categories c on c.id = per.id`,
  );
  return toCounts(result);
}

async function kindCounts(db: Db, q: Filters): Promise<ListingFacets["kinds"]> {
  const counts = toCounts(
    await rows<{ key: string; n: number }>(
      db,
      sql`select l.kind as key, count(*)::int as n ${fromListing} where ${whereFor(q)} group by l.kind`,
    ),
  );
  return { auction: counts.auction ?? 0, fixed_price: counts.fixed_price ?? 0 };
}

/** Per condition value, plus the category panel's groups: used (all but new), not specified. */
async function conditionCounts(db: Db, q: Filters): Promise<Record<string, number>> {
  const result = await rows<{ key: string | null; n: number }>(
    db,
    sql`select l.condition as key, count(*)::int as n ${fromListing} where ${whereFor(q)}
      group by l.condition`,
  );
  const counts = toCounts(result);
  counts.not_specified = Number(result.find((r) => r.key === null)?.n ?? 0);
  counts.used = result
    .filter((r) => r.key !== null && r.key !== "new")
    .reduce((sum, r) => sum + Number(r.n), 0);
  return counts;
}

async function deliveryCounts(db: Db, q: Filters): Promise<ListingFacets["delivery"]> {
  const [row] = await rows<{ free: number; pickup: number }>(
    db,
    sql`select count(*) filter (where l.shipping_cents = 0)::int as free,
      count(*) filter (where l.local_pickup)::int as pickup
      ${fromListing} where ${whereFor(q)}`,
  );
  return { freeShipping: Number(row?.free ?? 0), localPickup: Number(row?.pickup ?? 0) };
}

async function territoryCounts(db: Db, q: Filters): Promise<Record<string, number>> {
  return toCounts(
    await rows<{ key: string; n: number }>(
      db,
      sql`select t.slug as key, count(*)::int as n ${fromListing} where ${whereFor(q)}
        group by t.slug`,
    ),
  );
}

/**
 * The filter panel's counts for a browse query. Each group drops its own filter and keeps every
 * other one (the Auction / Buy It Now choice included), so a count says how many listings that
 * choice would show with the rest of the panel as it is.
 */
export async function listingFacets(db: Db, q: Filters): Promise<ListingFacets> {
  const [categories, kinds, conditions, delivery, territories] = await Promise.all([
    categoryCounts(db, { ...q, category: undefined }),
    kindCounts(db, { ...q, kind: undefined }),
    conditionCounts(db, { ...q, condition: undefined }),
    deliveryCounts(db, { ...q, freeShipping: undefined, localPickup: undefined }),
    territoryCounts(db, { ...q, territory: undefined }),
  ]);
  return { categories, kinds, conditions, delivery, territories };
}
