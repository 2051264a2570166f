import { describe, expect, it } from "vitest";
import {
  ADVANCED_SEARCH_MESSAGES,
  advancedSearchParams,
  advancedSearchSchema,
  EMPTY_SEARCH,
  valuesFromParams,
} from "./advanced-search-query";

describe("advanced search to /listings", () => {
  it("sends nothing for an empty form", () => {
    expect(advancedSearchParams(EMPTY_SEARCH).toString()).toBe("");
  });

  it("maps every field to the parameter the results page reads", () => {
    const params = advancedSearchParams({
      keywords: "  steel pan ",
      includeDescription: false,
      category: "music",
      conditions: ["like-new", "poor"],
      minPrice: "10",
      maxPrice: "99.50",
      location: "jamaica",
      seller: "kezia",
      format: "fixed_price",
      acceptsOffers: true,
      completedListings: true,
      soldListings: false,
    });
    expect(params.toString()).toBe(
      "search=steel+pan&includeDescription=false&category=music&condition=like-new&condition=poor" +
        "&minPrice=10&maxPrice=99.50&territory=jamaica&seller=kezia&kind=fixed_price&acceptsOffers=true&status=completed",
    );
  });

  it("asks for sold listings when both boxes are ticked, and ignores titles-only without keywords", () => {
    const params = advancedSearchParams({
      ...EMPTY_SEARCH,
      includeDescription: false,
      completedListings: true,
      soldListings: true,
    });
    expect(params.toString()).toBe("status=sold");
  });

  it("reads the same values back from a results URL", () => {
    const values = {
      ...EMPTY_SEARCH,
      keywords: "rum",
      includeDescription: false,
      conditions: ["good" as const],
      minPrice: "5",
      location: "barbados",
      format: "auction" as const,
      acceptsOffers: true,
      completedListings: true,
      soldListings: true,
    };
    expect(valuesFromParams(advancedSearchParams(values))).toEqual(values);
    expect(valuesFromParams(new URLSearchParams("kind=buy_it_now")).format).toBe("fixed_price");
    expect(valuesFromParams(new URLSearchParams(""), "aruba").location).toBe("aruba");
  });

  it("checks prices: at least 0, cents at most, min not above max", () => {
    const check = (minPrice: string, maxPrice: string) =>
      advancedSearchSchema
        .safeParse({ ...EMPTY_SEARCH, minPrice, maxPrice })
        .error?.issues.map((i) => i.message) ?? [];
    expect(check("0", "0.01")).toEqual([]);
    expect(check("-1", "")).toEqual([ADVANCED_SEARCH_MESSAGES.price]);
    expect(check("1.999", "")).toEqual([ADVANCED_SEARCH_MESSAGES.price]);
    expect(check("50", "10")).toEqual([ADVANCED_SEARCH_MESSAGES.priceOrder]);
  });
});
