import type { QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeys } from "./query-keys";

const LISTING = "listing-1";

describe("queryKeys", () => {
  it("builds every key of an area on that area's prefix", () => {
    for (const [area, keys] of Object.entries(queryKeys)) {
      const root = keys.all;
      for (const [name, key] of Object.entries(keys)) {
        const built = typeof key === "function" ? (key as (arg: string) => QueryKey)("x") : key;
        expect(built.slice(0, root.length), `${area}.${name}`).toEqual(root);
      }
    }
  });

  it("keeps a listing's page, history and edit form under the listing, apart from the lists", () => {
    const item = queryKeys.listings.item(LISTING);
    for (const key of [
      queryKeys.listings.detail(LISTING),
      queryKeys.listings.bids(LISTING),
      queryKeys.listings.edit(LISTING),
    ])
      expect(key.slice(0, item.length)).toEqual(item);
    expect(queryKeys.listings.list({}).slice(0, item.length)).not.toEqual(item);
  });
});
