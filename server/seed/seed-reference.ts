import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { bidIncrements } from "../db/schema/auctions";
import { categories, territories } from "../db/schema/catalog";
import { BID_INCREMENT_BANDS, CATEGORY_TREE, TERRITORIES } from "./seed-data";

/**
 * The rows every installation needs, production included: the app cannot list, browse or take a
 * bid without them. The category tree (a listing needs a category, the sell form offers only
 * these), the territories (a listing's place and a buyer's delivery destination) and the bid
 * increment bands (the auction rules in auction-rules.sql read them). Exchange rates are not
 * here: a floating rate is market data an admin enters at /admin/rates with its date, and until
 * then only the pegged currencies are offered (docs/decisions/0020). Everything else the seed
 * writes is demo data (server/seed/seed.ts).
 */
export async function insertReferenceData(tx: Db): Promise<void> {
  const categoryIds = new Map<string, string>();
  const topRows = CATEGORY_TREE.map((c, position) => {
    const id = randomUUID();
    categoryIds.set(c.slug, id);
    return { id, slug: c.slug, name: c.name, description: c.description, position, parentId: null };
  });
  const subRows = CATEGORY_TREE.flatMap((c) =>
    c.subcategories.map((s, position) => ({
      id: randomUUID(),
      slug: s.slug,
      name: s.name,
      description: s.description,
      position,
      parentId: categoryIds.get(c.slug) ?? null,
    })),
  );
  await tx.insert(categories).values(topRows);
  await tx.insert(categories).values(subRows);
  await tx.insert(territories).values(TERRITORIES.map((t) => ({ slug: t.slug, name: t.name })));
  await tx.insert(bidIncrements).values(
    BID_INCREMENT_BANDS.map((b) => ({
      priceRangeStartCents: b.startCents,
      priceRangeEndCents: b.endCents,
      minimumIncrementCents: b.incrementCents,
    })),
  );
}

/** Whether the reference data is in: the categories are written first, in its one transaction. */
export async function hasReferenceData(db: Db): Promise<boolean> {
  const found = await rows<{ one: number }>(db, sql`select 1 as one from categories limit 1`);
  return found.length > 0;
}

/** The ids of the reference rows by slug, for the demo data written on top of them. */
export async function referenceIds(
  db: Db,
): Promise<{ categoryIds: Map<string, string>; territoryIds: Map<string, string> }> {
  const cats = await rows<{ id: string; slug: string }>(db, sql`select id, slug from categories`);
  const places = await rows<{ id: string; slug: string }>(
    db,
    sql`select id, slug from territories`,
  );
  return {
    categoryIds: new Map(cats.map((c) => [c.slug, c.id])),
    territoryIds: new Map(places.map((t) => [t.slug, t.id])),
  };
}
