import { describe, expect, it } from "vitest";
import { proposedSearchName, savedQueryFromParams, savedSearchHref } from "./saved-search-query";

describe("saved search queries", () => {
  it("keeps the filters and order of a browse URL, in the API's terms, and drops paging and layout", () => {
    const params = new URLSearchParams(
      "search=+guitar+&minPrice=10&maxPrice=49.5&condition=new&condition=used&condition=new&page=3&sort=price_asc&view=list&freeShipping=true&category=all",
    );
    expect(savedQueryFromParams(params)).toEqual({
      search: "guitar",
      minPriceCents: "1000",
      maxPriceCents: "4950",
      condition: ["new", "used"],
      freeShipping: "true",
      sort: "price_asc",
    });
  });

  it("adds what the path says (a category page's slug) and leaves out unreadable prices", () => {
    const params = new URLSearchParams("kind=auction&minPrice=abc");
    expect(savedQueryFromParams(params, { category: "music" })).toEqual({
      kind: "auction",
      category: "music",
    });
  });

  it("runs a saved search on /listings with prices back in dollars", () => {
    expect(
      savedSearchHref({
        search: "guitar",
        minPriceCents: "1000",
        maxPriceCents: "4950",
        condition: ["new", "used"],
      }),
    ).toBe("/listings?search=guitar&minPrice=10&maxPrice=49.50&condition=new&condition=used");
    expect(savedSearchHref({})).toBe("/listings");
  });

  it("proposes a name from the search text and the category", () => {
    expect(proposedSearchName({ search: "guitar" }, "Music")).toBe("guitar in Music");
    expect(proposedSearchName({ search: "guitar" })).toBe("guitar");
    expect(proposedSearchName({ category: "music" }, "Music")).toBe("Music");
    expect(proposedSearchName({})).toBe("All listings");
  });
});
