import {
  ATLANTIC_OFFSET_MINUTES,
  addBusinessDays,
  isBusinessDate,
  isBusinessDay,
} from "./business-days";

/**
 * Delivery by destination (issue 29): where a listing ships, by which service, and when it
 * should arrive. A seller answers per destination group, not per island: the same territory as
 * the item, the other Caribbean territories, and the rest of the world.
 */
export const DEST_GROUPS = ["same_territory", "caribbean", "world"] as const;
export type DestGroup = (typeof DEST_GROUPS)[number];

export const DEST_GROUP_LABELS: Record<DestGroup, string> = {
  same_territory: "Within the item's territory",
  caribbean: "Other Caribbean territories",
  world: "Rest of the world",
};

export const SHIPPING_SERVICES = ["standard", "expedited"] as const;
export type ShippingService = (typeof SHIPPING_SERVICES)[number];

export const SHIPPING_SERVICE_NAMES: Record<ShippingService, string> = {
  standard: "Standard shipping",
  expedited: "Expedited shipping",
};

/** A buyer outside every stored territory chooses this in "Deliver to". */
export const WORLD_DESTINATION = "world";
export const WORLD_DESTINATION_NAME = "Rest of the world";

/** Longest handling time a seller may promise, in business days. */
export const MAX_HANDLING_DAYS = 10;
/** What every listing promised before issue 29 (core/contracts/shipping HANDLING_TIME_BUSINESS_DAYS). */
export const DEFAULT_HANDLING_DAYS = 3;

/** One row of a listing's shipping table; a group the seller does not ship to has no row. */
export interface ShippingOption {
  group: DestGroup;
  service: ShippingService;
  costCents: number;
}

/** The group a destination falls in, seen from the item's territory (slugs; "world" for elsewhere). */
export function destGroupOf(originSlug: string, destSlug: string): DestGroup {
  if (destSlug === WORLD_DESTINATION) return "world";
  return destSlug === originSlug ? "same_territory" : "caribbean";
}

/**
 * Routes between islands: territories in one sub-region share regular sailings and short flights,
 * so parcels between them are quicker than between sub-regions. Unknown slugs (a territory added
 * later) count as a sub-region of their own, so they get the slower inter-region times.
 */
const SUB_REGION: Record<string, string> = {
  // Northern Caribbean and the Atlantic: the Greater Antilles, the Bahamas chain, Bermuda.
  jamaica: "north",
  "the-bahamas": "north",
  "cayman-islands": "north",
  "turks-and-caicos": "north",
  haiti: "north",
  "dominican-republic": "north",
  "puerto-rico": "north",
  bermuda: "north",
  // The Virgin Islands and the Leewards.
  "us-virgin-islands": "east",
  "british-virgin-islands": "east",
  anguilla: "east",
  "antigua-and-barbuda": "east",
  "saint-kitts-and-nevis": "east",
  montserrat: "east",
  guadeloupe: "east",
  dominica: "east",
  // The Windwards, Barbados and Trinidad.
  martinique: "south",
  "saint-lucia": "south",
  "saint-vincent-and-the-grenadines": "south",
  grenada: "south",
  barbados: "south",
  "trinidad-and-tobago": "south",
  guyana: "south",
  // The ABC islands and Central America.
  aruba: "west",
  curacao: "west",
  belize: "west",
};

/** The territories sharing `slug`'s sub-region, itself included (just itself when unknown). */
export function sameSubRegionSlugs(slug: string): string[] {
  const region = SUB_REGION[slug];
  if (region === undefined) return [slug];
  return Object.keys(SUB_REGION).filter((s) => SUB_REGION[s] === region);
}

/** Transit in business days after dispatch, [fewest, most], per service and kind of route. */
export const TRANSIT_DAYS: Record<
  ShippingService,
  Record<"same_territory" | "same_sub_region" | "other_sub_region" | "world", [number, number]>
> = {
  standard: {
    same_territory: [1, 2],
    same_sub_region: [3, 5],
    other_sub_region: [4, 7],
    world: [7, 14],
  },
  expedited: {
    same_territory: [1, 1],
    same_sub_region: [2, 3],
    other_sub_region: [2, 4],
    world: [3, 6],
  },
};

/** Transit business days for a service between two territories (slugs; "world" for elsewhere). */
export function transitDays(
  service: ShippingService,
  originSlug: string,
  destSlug: string,
): [number, number] {
  const table = TRANSIT_DAYS[service];
  if (destSlug === WORLD_DESTINATION) return table.world;
  if (destSlug === originSlug) return table.same_territory;
  const from = SUB_REGION[originSlug];
  return from !== undefined && from === SUB_REGION[destSlug]
    ? table.same_sub_region
    : table.other_sub_region;
}

/**
 * Orders paid at or after this hour (Atlantic time) on a business day, or on a weekend or a shared
 * public holiday (core/business-days), start
 * their handling time on the next business day: a seller cannot be expected to pack an order
 * that arrives as the shop closes.
 */
export const CUT_OFF_HOUR = 14;

const DAY_MS = 86_400_000;

/** A calendar date in Atlantic time, "YYYY-MM-DD". */
export type CalendarDate = string;

function localDate(at: Date, offsetMinutes: number): CalendarDate {
  return new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The business day an order placed at `now` counts from (its "day 0"), as local noon: today when
 * it is a business day before the cut-off hour, else the next business day.
 */
export function handlingStart(now: Date, offsetMinutes = ATLANTIC_OFFSET_MINUTES): Date {
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  const noon = new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 12) -
      offsetMinutes * 60_000,
  );
  if (isBusinessDay(noon, offsetMinutes) && local.getUTCHours() < CUT_OFF_HOUR) return noon;
  return addBusinessDays(noon, 1, offsetMinutes);
}

/**
 * When a parcel should arrive if bought at `now`: day 0 is handlingStart(now); the seller
 * dispatches within `handlingDays` business days of it (0: the same day); the carrier then takes
 * transitDays(service, origin, dest) business days. Both ends are calendar dates in Atlantic time.
 */
export function deliveryWindow(
  now: Date,
  handlingDays: number,
  service: ShippingService,
  originSlug: string,
  destSlug: string,
  offsetMinutes = ATLANTIC_OFFSET_MINUTES,
): { earliest: CalendarDate; latest: CalendarDate } {
  const [fewest, most] = transitDays(service, originSlug, destSlug);
  const start = handlingStart(now, offsetMinutes);
  return {
    earliest: localDate(
      addBusinessDays(start, handlingDays + fewest, offsetMinutes),
      offsetMinutes,
    ),
    latest: localDate(addBusinessDays(start, handlingDays + most, offsetMinutes), offsetMinutes),
  };
}

/**
 * The most business days from day 0 to `by` (inclusive): a listing arrives by then when its
 * handling time plus its longest transit is at most this. Negative when `by` is before day 0.
 */
export function businessDaysUntil(
  now: Date,
  by: CalendarDate,
  offsetMinutes = ATLANTIC_OFFSET_MINUTES,
): number {
  const start = handlingStart(now, offsetMinutes);
  const startDate = localDate(start, offsetMinutes);
  if (by < startDate) return -1;
  // Count business days (weekdays less the shared holidays) after day 0 up to and including `by`.
  const end = Date.parse(`${by}T12:00:00Z`);
  let at = Date.parse(`${startDate}T12:00:00Z`);
  let days = 0;
  while (at < end) {
    at += DAY_MS;
    if (isBusinessDate(new Date(at).toISOString().slice(0, 10))) days++;
  }
  return days;
}

/**
 * A saved search's "delivery by" once its date has gone by (before today in Atlantic time): it no
 * longer says anything, so the search then keeps only its "ships to" (decision 0021), in its
 * alerts and when it is run again.
 */
export function deliveryDatePassed(
  by: CalendarDate,
  now: Date,
  offsetMinutes = ATLANTIC_OFFSET_MINUTES,
): boolean {
  return by < localDate(now, offsetMinutes);
}

/** "Tue, Dec 3": how the listing page writes a delivery date. */
export function formatDeliveryDate(date: CalendarDate): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** "Estimated between Tue, Dec 3 and Mon, Dec 9" (one date when both ends agree). */
export function deliveryWindowText(window: { earliest: CalendarDate; latest: CalendarDate }) {
  if (window.earliest === window.latest)
    return `Estimated on ${formatDeliveryDate(window.earliest)}`;
  return `Estimated between ${formatDeliveryDate(window.earliest)} and ${formatDeliveryDate(window.latest)}`;
}

/** The row of a listing's shipping table that serves this destination, or undefined: it does not ship there. */
export function optionFor(
  options: readonly ShippingOption[],
  originSlug: string,
  destSlug: string,
): ShippingOption | undefined {
  const group = destGroupOf(originSlug, destSlug);
  return options.find((o) => o.group === group);
}
