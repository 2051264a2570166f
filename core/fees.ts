/**
 * Seller fees, from the fee constants of the spec (accounts-and-community section 9): the first
 * 3 listings a month are free, then $0.50 each; a final value fee of 3 to 10 percent of the item
 * plus shipping (10% on $45 = $4.50, 7% on $520 = $36.40); optional upgrades; +2% international;
 * property, dispute and currency conversion rates. The calculator (/sell/calculator) and the fee
 * pages (/help/selling-fees, built from content/fees with these figures) both read this file.
 */

export const FREE_LISTINGS_PER_MONTH = 3;
export const INSERTION_FEE_CENTS = 50;
export const INTERNATIONAL_SURCHARGE_PERCENT = 2;

/**
 * The final value fee rate falls as the sale grows, within the spec's 3-10% range. The bands are
 * chosen so that the spec's two examples hold ($45 at 10%, $520 at 7%).
 */
export const FINAL_VALUE_BANDS = [
  { upToCents: 100_00, percent: 10 },
  { upToCents: 1_000_00, percent: 7 },
  { upToCents: null, percent: 3 },
] as const;

export const UPGRADES = [
  { id: "featured", label: "Featured listing", cents: 10_00 },
  { id: "bold", label: "Bold title", cents: 2_00 },
  { id: "subtitle", label: "Subtitle", cents: 1_00 },
  { id: "galleryPlus", label: "Gallery Plus", cents: 3_00 },
] as const;
export type UpgradeId = (typeof UPGRADES)[number]["id"];
export const UPGRADE_IDS = UPGRADES.map((u) => u.id) as [UpgradeId, ...UpgradeId[]];
/** A subtitle's longest length, as the upgrades fee page says. */
export const SUBTITLE_MAX = 55;
/** At most this many featured listings are pinned above the first page of results. */
export const FEATURED_PINNED_MAX = 3;

/** What these upgrades cost together: the sum the wizard shows and the server charges. */
export function upgradesCents(ids: readonly UpgradeId[]): number {
  return UPGRADES.filter((u) => ids.includes(u.id)).reduce((sum, u) => sum + u.cents, 0);
}

/** One upgrade's price. */
export function upgradeCents(id: UpgradeId): number {
  return UPGRADES.find((u) => u.id === id)?.cents ?? 0;
}

/** Property sells on a flat final value fee instead of the bands, by kind of property. */
export const REAL_ESTATE_FEE_PERCENT = { residential: 2, commercial: 3 } as const;
export type PropertyKind = keyof typeof REAL_ESTATE_FEE_PERCENT;

/** What asking Tradewinds to decide a dispute costs the party who asks: standard review is free. */
export const DISPUTE_FEES_CENTS = { standard: 0, expedited: 25_00 } as const;

/**
 * Converting US dollars to another currency: the standard conversion is at the market rate plus
 * 1%; a rate lock holds a quoted rate for 24 hours for 2%.
 */
export const CURRENCY_CONVERSION = {
  standardPercent: 1,
  rateLockPercent: 2,
  rateLockHours: 24,
} as const;

export interface FeeInput {
  priceCents: number;
  shippingCents: number;
  /** Listings the seller has already created this calendar month. */
  listingsThisMonth: number;
  upgrades: readonly UpgradeId[];
  international: boolean;
}

export interface FeeBreakdown {
  insertionFeeCents: number;
  finalValuePercent: number;
  finalValueFeeCents: number;
  internationalFeeCents: number;
  upgradesCents: number;
  totalFeesCents: number;
  /** What the seller keeps of price plus shipping. */
  netCents: number;
}

/** The final value fee percentage for a sale of this total (item plus shipping). */
export function finalValuePercent(saleCents: number): number {
  for (const band of FINAL_VALUE_BANDS) {
    if (band.upToCents === null || saleCents <= band.upToCents) return band.percent;
  }
  return 3;
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/**
 * The final value fee of one sale of item plus shipping: what the calculator shows and what is
 * charged when the order is paid (server/modules/ledger), the same function.
 */
export function finalValueFeeCents(saleCents: number): number {
  const sale = Math.max(0, saleCents);
  return percentOf(sale, finalValuePercent(sale));
}

/** The insertion fee of a new listing, given how many the seller already listed this month. */
export function insertionFeeCents(listingsThisMonth: number): number {
  return listingsThisMonth >= FREE_LISTINGS_PER_MONTH ? INSERTION_FEE_CENTS : 0;
}

/** The final value fee of a property sale of this price. */
export function realEstateFeeCents(kind: PropertyKind, saleCents: number): number {
  return percentOf(Math.max(0, saleCents), REAL_ESTATE_FEE_PERCENT[kind]);
}

/** What converting this many cents costs, by the standard conversion or with a rate lock. */
export function conversionFeeCents(cents: number, rateLock = false): number {
  const { standardPercent, rateLockPercent } = CURRENCY_CONVERSION;
  return percentOf(Math.max(0, cents), rateLock ? rateLockPercent : standardPercent);
}

/** Every fee a seller pays for one listing that sells at the given price. */
export function calculateFees(input: FeeInput): FeeBreakdown {
  const sale = Math.max(0, input.priceCents) + Math.max(0, input.shippingCents);
  const insertionFee = insertionFeeCents(input.listingsThisMonth);
  const percent = finalValuePercent(sale);
  const finalValueFee = finalValueFeeCents(sale);
  const internationalFeeCents = input.international
    ? percentOf(sale, INTERNATIONAL_SURCHARGE_PERCENT)
    : 0;
  const upgradesTotal = upgradesCents(input.upgrades);
  const totalFeesCents = insertionFee + finalValueFee + internationalFeeCents + upgradesTotal;
  return {
    insertionFeeCents: insertionFee,
    finalValuePercent: percent,
    finalValueFeeCents: finalValueFee,
    internationalFeeCents,
    upgradesCents: upgradesTotal,
    totalFeesCents,
    netCents: sale - totalFeesCents,
  };
}
