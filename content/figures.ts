import { CURRENCIES, peggedRates, STALE_AFTER_DAYS } from "../core/currencies.ts";
import {
  CURRENCY_CONVERSION,
  calculateFees,
  DISPUTE_FEES_CENTS,
  FEATURED_PINNED_MAX,
  FINAL_VALUE_BANDS,
  FREE_LISTINGS_PER_MONTH,
  finalValuePercent,
  INSERTION_FEE_CENTS,
  INTERNATIONAL_SURCHARGE_PERCENT,
  REAL_ESTATE_FEE_PERCENT,
  realEstateFeeCents,
  SUBTITLE_MAX,
  UPGRADES,
  type UpgradeId,
} from "../core/fees.ts";
import {
  AUCTION_DURATIONS_DAYS,
  DEFAULT_AUCTION_DAYS,
  MAX_PHOTOS_PER_LISTING,
  RETURN_POLICY_DAYS,
  TAX_RATE_PERCENT,
} from "../core/limits.ts";
import { formatMoney } from "../core/money.ts";
import { BID_INCREMENT_BANDS, TERRITORIES } from "../server/seed/seed-data.ts";

/** "1, 3, 5, 7 or 10" */
function orList(items: readonly (string | number)[]): string {
  const all = items.map(String);
  return all.length < 2 ? (all[0] ?? "") : `${all.slice(0, -1).join(", ")} or ${all.at(-1)}`;
}

const percent = (n: number) => `${n}%`;

/** The final value fee of a sale with no shipping, as the spec writes its examples. */
function example(priceCents: number): string {
  const fees = calculateFees({
    priceCents,
    shippingCents: 0,
    listingsThisMonth: 0,
    upgrades: [],
    international: false,
  });
  return `${percent(fees.finalValuePercent)} on ${formatMoney(priceCents)} = ${formatMoney(fees.finalValueFeeCents)}`;
}

function finalValueTable(): string {
  let from = 0;
  const rows = FINAL_VALUE_BANDS.map((band) => {
    const range =
      band.upToCents === null
        ? `Over ${formatMoney(from)}`
        : from === 0
          ? `Up to ${formatMoney(band.upToCents)}`
          : `${formatMoney(from + 1)} to ${formatMoney(band.upToCents)}`;
    if (band.upToCents !== null) from = band.upToCents;
    return `| ${range} | ${percent(band.percent)} |`;
  });
  return ["| Sale (item plus shipping) | Final value fee |", "| --- | --- |", ...rows].join("\n");
}

function upgradesTable(): string {
  const what: Record<UpgradeId, string> = {
    featured: `Your listing can appear in Featured Deals on the home page and on /deals, and is marked Featured among the first ${FEATURED_PINNED_MAX} at the top of matching results`,
    bold: "The title shows in bold in search results and category pages",
    subtitle: `A second line under the title (up to ${SUBTITLE_MAX} characters), for the detail buyers search for`,
    galleryPlus: "Larger photos in search results, so buyers see more before they click",
  };
  return [
    "| Upgrade | Price per listing | What it does |",
    "| --- | --- | --- |",
    ...UPGRADES.map((u) => `| ${u.label} | ${formatMoney(u.cents)} | ${what[u.id]} |`),
  ].join("\n");
}

function incrementTable(): string {
  return [
    "| Current bid | Bid increment |",
    "| --- | --- |",
    ...BID_INCREMENT_BANDS.map((band) => {
      const range =
        band.endCents === null
          ? `${formatMoney(band.startCents)} and up`
          : `${formatMoney(band.startCents)} to ${formatMoney(band.endCents - 1)}`;
      return `| ${range} | ${formatMoney(band.incrementCents)} |`;
    }),
  ].join("\n");
}

/** A sale to a buyer in another territory, with the final value fee and the surcharge. */
function internationalExample(priceCents: number, shippingCents: number): string {
  const fees = calculateFees({
    priceCents,
    shippingCents,
    listingsThisMonth: 0,
    upgrades: [],
    international: true,
  });
  const sale = formatMoney(priceCents + shippingCents);
  return `The sale is ${sale}, so the final value fee is ${percent(fees.finalValuePercent)} (${formatMoney(fees.finalValueFeeCents)}) and the international surcharge ${percent(INTERNATIONAL_SURCHARGE_PERCENT)} (${formatMoney(fees.internationalFeeCents)}).`;
}

const upgrade = (id: UpgradeId) => formatMoney(UPGRADES.find((u) => u.id === id)?.cents ?? 0);

/**
 * Every `{{figure}}` the content files may use, from the code that applies it: the fee pages,
 * the calculator and the rules cannot say different things. A file naming any other fails the build.
 */
export const FIGURES: Readonly<Record<string, string>> = {
  freeListingsPerMonth: String(FREE_LISTINGS_PER_MONTH),
  insertionFee: formatMoney(INSERTION_FEE_CENTS),
  finalValueMin: percent(Math.min(...FINAL_VALUE_BANDS.map((b) => b.percent))),
  finalValueMax: percent(Math.max(...FINAL_VALUE_BANDS.map((b) => b.percent))),
  finalValueTable: finalValueTable(),
  exampleSmallSale: example(45_00),
  exampleLargeSale: example(520_00),
  exampleSmallWithShipping: `${percent(finalValuePercent(40_00 + 5_00))} on ${formatMoney(40_00)} plus ${formatMoney(5_00)} shipping = ${formatMoney(calculateFees({ priceCents: 40_00, shippingCents: 5_00, listingsThisMonth: 0, upgrades: [], international: false }).finalValueFeeCents)}`,
  realEstateResidential: percent(REAL_ESTATE_FEE_PERCENT.residential),
  realEstateCommercial: percent(REAL_ESTATE_FEE_PERCENT.commercial),
  realEstateExampleResidential: formatMoney(realEstateFeeCents("residential", 250_000_00)),
  realEstateExampleCommercial: formatMoney(realEstateFeeCents("commercial", 250_000_00)),
  upgradeFeatured: upgrade("featured"),
  upgradeBold: upgrade("bold"),
  upgradeSubtitle: upgrade("subtitle"),
  upgradeGalleryPlus: upgrade("galleryPlus"),
  upgradesTable: upgradesTable(),
  subtitleMax: String(SUBTITLE_MAX),
  upgradesAll: formatMoney(UPGRADES.reduce((sum, u) => sum + u.cents, 0)),
  disputeStandard:
    DISPUTE_FEES_CENTS.standard === 0 ? "free" : formatMoney(DISPUTE_FEES_CENTS.standard),
  disputeExpedited: formatMoney(DISPUTE_FEES_CENTS.expedited),
  internationalSurcharge: percent(INTERNATIONAL_SURCHARGE_PERCENT),
  internationalExample: internationalExample(120_00, 15_00),
  conversionStandard: percent(CURRENCY_CONVERSION.standardPercent),
  conversionRateLock: percent(CURRENCY_CONVERSION.rateLockPercent),
  rateLockHours: String(CURRENCY_CONVERSION.rateLockHours),
  taxRate: percent(TAX_RATE_PERCENT),
  maxPhotos: String(MAX_PHOTOS_PER_LISTING),
  auctionDurations: orList(AUCTION_DURATIONS_DAYS),
  defaultAuctionDays: String(DEFAULT_AUCTION_DAYS),
  returnPolicies: orList(RETURN_POLICY_DAYS.filter((d) => d > 0)),
  territoryCount: String(TERRITORIES.length),
  // Issue 29: the fixed rates and the stale rule the approximations use (core/currencies.ts).
  peggedRates: peggedRates()
    .filter((r) => r.currency !== "USD")
    .map((r) => `${CURRENCIES[r.currency].name} (${r.currency}) ${r.rate}`)
    .join(", "),
  staleAfterDays: String(STALE_AFTER_DAYS),
  territoryList: orList(TERRITORIES.map((t) => t.name)).replace(/ or ([^,]+)$/, " and $1"),
  incrementTable: incrementTable(),
};
