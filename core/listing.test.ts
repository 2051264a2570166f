import { describe, expect, it } from "vitest";
import { incrementFor, minNextBidCents } from "./bidding";
import { displayPriceCents, isLowStock, normalizeKind, statusLabel } from "./listing";

describe("displayPriceCents", () => {
  it("uses the current bid, else the start price, for auctions", () => {
    expect(
      displayPriceCents({
        kind: "auction",
        priceCents: 500,
        auction: { currentBidCents: 900, startPriceCents: 500 },
      }),
    ).toBe(900);
    expect(
      displayPriceCents({
        kind: "auction",
        priceCents: 500,
        auction: { currentBidCents: null, startPriceCents: 500 },
      }),
    ).toBe(500);
  });
  it("uses the price for fixed-price listings", () => {
    expect(displayPriceCents({ kind: "fixed_price", priceCents: 1299, auction: null })).toBe(1299);
  });
});

describe("normalizeKind", () => {
  it("folds the spec's spellings into one kind", () => {
    for (const alias of ["buy_it_now", "buyitnow", "fixed", "fixed_price", "Fixed"]) {
      expect(normalizeKind(alias)).toBe("fixed_price");
    }
    expect(normalizeKind("auction")).toBe("auction");
    expect(normalizeKind(undefined)).toBe("fixed_price");
    expect(normalizeKind("raffle")).toBeNull();
  });
});

describe("stock and status texts", () => {
  it("warns of low stock from 1 to 5", () => {
    expect([0, 1, 5, 6].map(isLowStock)).toEqual([false, true, true, false]);
  });
  it("capitalises statuses", () => {
    expect(statusLabel("active")).toBe("Active");
    expect(statusLabel("out_of_stock")).toBe("Out of stock");
  });
});

describe("bid increments", () => {
  const bands = [
    { startCents: 0, endCents: 100, incrementCents: 5 },
    { startCents: 100, endCents: 500, incrementCents: 25 },
    { startCents: 500, endCents: null, incrementCents: 50 },
  ];
  it("finds the band of an amount, ends exclusive", () => {
    expect(incrementFor(99, bands)).toBe(5);
    expect(incrementFor(100, bands)).toBe(25);
    expect(incrementFor(1_000_000, bands)).toBe(50);
  });
  it("asks for the start price first, then current plus its increment", () => {
    expect(minNextBidCents({ startPriceCents: 300, currentBidCents: null }, bands)).toBe(300);
    expect(minNextBidCents({ startPriceCents: 300, currentBidCents: 450 }, bands)).toBe(475);
  });
});
