import { describe, expect, it } from "vitest";
import { RECENTLY_VIEWED_SIZE } from "../../../../core/contracts/browse";
import { parseRecentlyViewed, withViewed } from "./use-recently-viewed";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("recently viewed", () => {
  it("puts the newest first, once", () => {
    expect(withViewed([id(1), id(2), id(3)], id(2))).toEqual([id(2), id(1), id(3)]);
    expect(withViewed([], id(1))).toEqual([id(1)]);
  });

  it("keeps only the last 12", () => {
    let ids: string[] = [];
    for (let n = 1; n <= 20; n++) ids = withViewed(ids, id(n));
    expect(ids).toHaveLength(RECENTLY_VIEWED_SIZE);
    expect(ids[0]).toBe(id(20));
    expect(ids.at(-1)).toBe(id(9));
  });

  it("drops what storage holds that is not a list of ids", () => {
    expect(parseRecentlyViewed("not json")).toEqual([]);
    expect(parseRecentlyViewed('{"a":1}')).toEqual([]);
    expect(parseRecentlyViewed(JSON.stringify([id(1), 5, "x", id(1), id(2)]))).toEqual([
      id(1),
      id(2),
    ]);
  });
});
