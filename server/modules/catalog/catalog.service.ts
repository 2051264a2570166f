import { and, asc, eq, sql } from "drizzle-orm";
import type { CategoryDetail, CategoryNode, Territory } from "../../../core/contracts/browse";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { categories, territories } from "../../db/schema/catalog";
import { notFound } from "../../errors";
import { activeListingCondition } from "../listings/listing-visibility";

type CategoryRow = typeof categories.$inferSelect;

function toRef(row: CategoryRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    parentId: row.parentId,
  };
}

/** The active category tree, top level in display order, children by name. */
export async function getCategoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.position), asc(categories.name));
  const nodes = new Map<string, CategoryNode>(
    rows.map((r) => [r.id, { ...toRef(r), children: [] }]),
  );
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (row.parentId === null) roots.push(node);
    else parent?.children.push(node);
  }
  for (const node of nodes.values()) node.children.sort((a, b) => a.name.localeCompare(b.name));
  return roots;
}

/** Active listings per category id, counted under both their category and their subcategory. */
async function countActiveListings(db: Db, categoryIds: string[]): Promise<Map<string, number>> {
  if (categoryIds.length === 0) return new Map();
  const result = await rows<{ id: string; n: number }>(
    db,
    sql`
    select c.id, count(l.id)::int as n
    from categories c
    left join listings l on (l.category_id = c.id or l.subcategory_id = c.id)
    left join auction_settings a on a.listing_id = l.id
    where c.id in ${categoryIds} and (l.id is null or ${activeListingCondition})
    group by c.id`,
  );
  return new Map(result.map((r) => [r.id, Number(r.n)]));
}

/** One category by slug with its parent and the subcategories shown as chips. */
export async function getCategoryBySlug(db: Db, slug: string): Promise<CategoryDetail> {
  const [category] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.slug, slug), eq(categories.isActive, true)));
  if (!category) throw notFound("Category not found.", ERROR_CODES.categoryNotFound);

  const parent = category.parentId
    ? ((await db.select().from(categories).where(eq(categories.id, category.parentId)))[0] ?? null)
    : null;
  // A subcategory's page shows its siblings, as the spec's category page does.
  const childrenOf = parent ? parent.id : category.id;
  const children = await db
    .select()
    .from(categories)
    .where(and(eq(categories.parentId, childrenOf), eq(categories.isActive, true)))
    .orderBy(asc(categories.name));
  const counts = await countActiveListings(db, [category.id, ...children.map((c) => c.id)]);

  return {
    ...toRef(category),
    parent: parent ? toRef(parent) : null,
    children: children.map((c) => ({ ...toRef(c), listingCount: counts.get(c.id) ?? 0 })),
    listingCount: counts.get(category.id) ?? 0,
  };
}

/** Active territories ordered by name. */
export async function listTerritories(db: Db): Promise<Territory[]> {
  return db
    .select({ id: territories.id, slug: territories.slug, name: territories.name })
    .from(territories)
    .where(eq(territories.isActive, true))
    .orderBy(asc(territories.name));
}
