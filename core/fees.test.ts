import { describe, expect, it } from "vitest";
import {
  CURRENCY_CONVERSION,
  calculateFees,
  conversionFeeCents,
  DISPUTE_FEES_CENTS,
  FREE_LISTINGS_PER_MONTH,
  finalValueFeeCents,
  finalValuePercent,
  INSERTION_FEE_CENTS,
  insertionFeeCents,
  realEstateFeeCents,
  UPGRADE_IDS,
  UPGRADES,
  upgradeCents,
  upgradesCents,
} from "./fees";

const base = { shippingCents: 0, listingsThisMonth: 0, upgrades: [], international: false };

describe("seller fees", () => {
  it("matches the spec's examples: 10% on $45, 7% on $520", () => {
    expect(calculateFees({ ...base, priceCents: 45_00 }).finalValueFeeCents).toBe(4_50);
    expect(calculateFees({ ...base, priceCents: 520_00 }).finalValueFeeCents).toBe(36_40);
  });

  it("charges at sale what the calculator shows: one function for both", () => {
    // The ledger charges finalValueFeeCents when an order is paid (server/modules/ledger).
    expect(finalValueFeeCents(45_00)).toBe(4_50);
    expect(finalValueFeeCents(520_00)).toBe(36_40);
    for (let sale = 0; sale <= 2_000_00; sale += 137)
      expect(finalValueFeeCents(sale)).toBe(
        calculateFees({ ...base, priceCents: sale }).finalValueFeeCents,
      );
    expect(insertionFeeCents(FREE_LISTINGS_PER_MONTH - 1)).toBe(0);
    expect(insertionFeeCents(FREE_LISTINGS_PER_MONTH)).toBe(INSERTION_FEE_CENTS);
  });

  it("charges the final value fee on item plus shipping", () => {
    const fees = calculateFees({ ...base, priceCents: 40_00, shippingCents: 5_00 });
    expect(fees.finalValueFeeCents).toBe(4_50);
    expect(fees.netCents).toBe(45_00 - 4_50);
  });

  it("keeps the rate within 3-10% and falls at the band edges", () => {
    expect(finalValuePercent(100_00)).toBe(10);
    expect(finalValuePercent(100_01)).toBe(7);
    expect(finalValuePercent(1_000_00)).toBe(7);
    expect(finalValuePercent(1_000_01)).toBe(3);
  });

  it("makes the first 3 listings of a month free, then $0.50", () => {
    expect(
      calculateFees({ ...base, priceCents: 10_00, listingsThisMonth: 2 }).insertionFeeCents,
    ).toBe(0);
    expect(
      calculateFees({ ...base, priceCents: 10_00, listingsThisMonth: 3 }).insertionFeeCents,
    ).toBe(50);
  });

  it("adds upgrades and the international surcharge", () => {
    const fees = calculateFees({
      ...base,
      priceCents: 200_00,
      upgrades: ["featured", "bold", "subtitle", "galleryPlus"],
      international: true,
    });
    expect(fees.upgradesCents).toBe(16_00);
    expect(fees.internationalFeeCents).toBe(4_00);
    expect(fees.totalFeesCents).toBe(14_00 + 16_00 + 4_00);
  });
});

describe("the spec's other fee figures", () => {
  it("prices upgrades at $10, $2, $1 and $3", () => {
    expect(Object.fromEntries(UPGRADES.map((u) => [u.id, u.cents]))).toEqual({
      featured: 10_00,
      bold: 2_00,
      subtitle: 1_00,
      galleryPlus: 3_00,
    });
  });

  it("adds upgrades the same way the calculator, the wizard and the server's charge do", () => {
    // upgradesCents is what the wizard shows and listing-upgrades.ts charges, upgradeCents each
    // upgrade's fee journal; calculateFees is the calculator's.
    expect(upgradesCents(["bold", "subtitle"])).toBe(3_00);
    expect(upgradesCents(UPGRADE_IDS)).toBe(16_00);
    for (const id of UPGRADE_IDS) expect(upgradeCents(id)).toBe(upgradesCents([id]));
    expect(
      calculateFees({
        priceCents: 45_00,
        shippingCents: 0,
        listingsThisMonth: 0,
        upgrades: ["featured", "galleryPlus"],
        international: false,
      }).upgradesCents,
    ).toBe(upgradesCents(["featured", "galleryPlus"]));
  });

  it("charges property 2% residential and 3% commercial", () => {
    expect(realEstateFeeCents("residential", 250_000_00)).toBe(5_000_00);
    expect(realEstateFeeCents("commercial", 250_000_00)).toBe(7_500_00);
  });

  it("makes a standard dispute free and an expedited one $25", () => {
    expect(DISPUTE_FEES_CENTS).toEqual({ standard: 0, expedited: 25_00 });
  });

  it("converts currency for 1%, or 2% with a 24-hour rate lock", () => {
    expect(conversionFeeCents(100_00)).toBe(1_00);
    expect(conversionFeeCents(100_00, true)).toBe(2_00);
    expect(CURRENCY_CONVERSION.rateLockHours).toBe(24);
  });
});
