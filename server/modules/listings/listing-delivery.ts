import { type SQL, sql } from "drizzle-orm";
import type { ListingDelivery } from "../../../core/contracts/delivery";
import {
  businessDaysUntil,
  DEST_GROUPS,
  type DestGroup,
  destGroupOf,
  type ShippingOption,
  type ShippingService,
  sameSubRegionSlugs,
  transitDays,
  WORLD_DESTINATION,
} from "../../../core/delivery";
import type { Db } from "../../db/db-handle";
import { rows, uuidList } from "../../db/rows";
import { deliveryDaysSql } from "../../db/schema/listings";

export interface DeliveryRow {
  originSlug: string;
  handlingDays: number;
  shipSameService: ShippingService | null;
  shipSameCents: number | null;
  shipCaribbeanService: ShippingService | null;
  shipCaribbeanCents: number | null;
  shipWorldService: ShippingService | null;
  shipWorldCents: number | null;
}

/** The select list of DeliveryRow, for a query over `listings l join territories t`. */
export const deliverySelect = sql`t.slug as "originSlug", l.handling_days as "handlingDays",
  l.ship_same_service as "shipSameService", l.ship_same_cents as "shipSameCents",
  l.ship_caribbean_service as "shipCaribbeanService", l.ship_caribbean_cents as "shipCaribbeanCents",
  l.ship_world_service as "shipWorldService", l.ship_world_cents as "shipWorldCents"`;

/** A row's shipping table, in group order. */
export function optionsOf(row: DeliveryRow): ShippingOption[] {
  const pairs: [DestGroup, ShippingService | null, number | null][] = [
    ["same_territory", row.shipSameService, row.shipSameCents],
    ["caribbean", row.shipCaribbeanService, row.shipCaribbeanCents],
    ["world", row.shipWorldService, row.shipWorldCents],
  ];
  return pairs.flatMap(([group, service, cents]) =>
    service ? [{ group, service, costCents: Number(cents ?? 0) }] : [],
  );
}

export function deliveryOf(row: DeliveryRow): ListingDelivery {
  return {
    originSlug: row.originSlug,
    handlingDays: Number(row.handlingDays),
    options: optionsOf(row),
  };
}

/** Listings' delivery by id (ids not found are absent). */
export async function readDeliveries(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, DeliveryRow>();
  const found = await rows<DeliveryRow & { id: string }>(
    db,
    sql`select l.id, ${deliverySelect} from listings l join territories t on t.id = l.territory_id
        where l.id in (${uuidList(ids)})`,
  );
  return new Map(found.map((r) => [r.id, r]));
}

/** The option that serves `dest` (a territory slug or "world"), or undefined: it does not ship there. */
export function optionForDest(row: DeliveryRow, dest: string): ShippingOption | undefined {
  const group = destGroupOf(row.originSlug, dest);
  return optionsOf(row).find((o) => o.group === group);
}

/** The columns a write of a shipping table sets, from its rows (groups left out: not shipped to). */
export function shippingColumns(options: readonly ShippingOption[]) {
  const by = new Map(options.map((o) => [o.group, o]));
  const costs = options.map((o) => o.costCents);
  return {
    shipSameService: by.get("same_territory")?.service ?? null,
    shipSameCents: by.get("same_territory")?.costCents ?? null,
    shipCaribbeanService: by.get("caribbean")?.service ?? null,
    shipCaribbeanCents: by.get("caribbean")?.costCents ?? null,
    shipWorldService: by.get("world")?.service ?? null,
    shipWorldCents: by.get("world")?.costCents ?? null,
    /** The legacy single price the cards and the "Free shipping" filter read: the lowest cost. */
    shippingCents: costs.length > 0 ? Math.min(...costs) : 0,
  };
}

const destTerritory = (slug: string) => sql`(select id from territories where slug = ${slug})`;

/**
 * A Caribbean destination's territory and the other territories of its sub-region, by id, read
 * before a browse query (destinationScope) so that its conditions compare literals: the planner
 * then estimates them from the column's statistics, and the delivery indexes' ranges serve them.
 */
export interface DestinationScope {
  id: string;
  /** The other territories of its sub-region (core/delivery sameSubRegionSlugs), without it. */
  nearIds: string[];
}

/** The territories a destination's scope reads (none for the world). */
export function destinationSlugs(dest: string): string[] {
  if (dest === WORLD_DESTINATION) return [];
  return [...new Set([dest, ...sameSubRegionSlugs(dest)])];
}

/** The scope of `dest` from its territories' rows (destinationSlugs); null when it has none. */
export function destinationOf(
  dest: string,
  found: readonly { id: string; slug: string }[],
): DestinationScope | null {
  const own = found.find((t) => t.slug === dest);
  if (!own) return null;
  return { id: own.id, nearIds: found.filter((t) => t.slug !== dest).map((t) => t.id) };
}

/** The scope of a "ships to" destination; null for the world or a slug no territory has. */
export async function destinationScope(db: Db, dest: string): Promise<DestinationScope | null> {
  const slugs = destinationSlugs(dest);
  if (slugs.length === 0) return null;
  const found = await rows<{ id: string; slug: string }>(
    db,
    sql`select id, slug from territories where slug in ${slugs}`,
  );
  return destinationOf(dest, found);
}

/**
 * "Ships to `dest`" (a territory slug, or "world") over `listings l`, for browse filters. It reads
 * the listing alone, so the browse walks filter on it as they go, from their INCLUDE columns
 * (migration delivery_by_indexes); the world's few listings have their own index
 * (listings_open_world_idx). `scope` is the destination already resolved (destinationScope).
 */
export function shipsToCondition(dest: string, scope?: DestinationScope | null): SQL {
  if (dest === WORLD_DESTINATION) return sql`l.ship_world_service is not null`;
  const own = scope ? sql`${scope.id}::uuid` : destTerritory(dest);
  return sql`(case when l.territory_id = ${own} then l.ship_same_service
              else l.ship_caribbean_service end) is not null`;
}

/**
 * "Delivered to `dest` by `by`" over `listings l`: its handling time plus the longest transit
 * of the service serving `dest` (core/delivery's deliveryWindow, latest end) fits within the
 * business days from an order now to `by`. A group not shipped to has no service, so no match.
 *
 * With the destination resolved (`scope`), it is written as three disjoint cases (the item in
 * `dest`, in its sub-region, elsewhere in the Caribbean), each comparing one delivery expression
 * (deliveryDaysSql, the expression indexes' own): a near date, which few listings meet, is then
 * found by those indexes' ranges, a far one by the newest-first walk (issue 29).
 */
export function deliveredByCondition(
  dest: string,
  by: string,
  now: Date,
  scope?: DestinationScope | null,
): SQL {
  const days = businessDaysUntil(now, by);
  if (days < 0) return sql`false`;
  if (dest === WORLD_DESTINATION)
    return sql`${deliveryDaysSql("l.", "ship_world_service", "world")} <= ${days}`;
  const same = deliveryDaysSql("l.", "ship_same_service", "same_territory");
  const nearDays = deliveryDaysSql("l.", "ship_caribbean_service", "same_sub_region");
  const far = deliveryDaysSql("l.", "ship_caribbean_service", "other_sub_region");
  if (scope) {
    const cases = [sql`(l.territory_id = ${scope.id}::uuid and ${same} <= ${days})`];
    if (scope.nearIds.length > 0)
      cases.push(sql`(l.territory_id in ${scope.nearIds} and ${nearDays} <= ${days})`);
    const region = [scope.id, ...scope.nearIds];
    cases.push(sql`(l.territory_id not in ${region} and ${far} <= ${days})`);
    return sql`(${sql.join(cases, sql` or `)})`;
  }
  const near = sameSubRegionSlugs(dest);
  return sql`(case
    when l.territory_id = ${destTerritory(dest)} then ${same}
    when l.territory_id in (select id from territories where slug in ${near}) then ${nearDays}
    else ${far}
    end) <= ${days}`;
}

/**
 * shipsToCondition and deliveredByCondition on one listing's row, for code that already holds the
 * row (the saved-search matcher tests a handful of new listings, not the table): whether it ships
 * to `dest` and, given `by`, is estimated to arrive there by that date. alert-matching.test.ts
 * holds the two to the same answers.
 */
export function deliversTo(row: DeliveryRow, dest: string, by: string | null, now: Date) {
  const option = optionForDest(row, dest);
  if (!option) return false;
  if (!by) return true;
  const days = businessDaysUntil(now, by);
  return (
    days >= 0 &&
    Number(row.handlingDays) + transitDays(option.service, row.originSlug, dest)[1] <= days
  );
}

export { DEST_GROUPS, WORLD_DESTINATION };
