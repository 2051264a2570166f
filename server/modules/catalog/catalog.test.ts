import { describe, expect, it } from "vitest";
import type { CategoryDetail, CategoryTree } from "../../../core/contracts/browse";
import { setUpTestApp } from "../../test/build-test-app";

const t = setUpTestApp();

async function get<T>(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() as T };
}

describe("GET /api/categories", () => {
  it("returns the one tree, top level in display order, each with subcategories", async () => {
    const { status, body } = await get<CategoryTree>("/api/categories");
    expect(status).toBe(200);
    expect(body.items.map((c) => c.slug)).toEqual([
      "electronics",
      "fashion",
      "home",
      "cars",
      "animals",
      "art",
      "jewelry",
      "toys",
      "sports",
      "handicrafts",
      "food-spices",
    ]);
    for (const top of body.items) {
      expect(top.parentId).toBeNull();
      expect(top.children.length).toBeGreaterThan(0);
      for (const child of top.children) expect(child.parentId).toBe(top.id);
    }
    expect(body.items.find((c) => c.slug === "home")?.name).toBe("Home & Garden");
  });
});

describe("GET /api/categories/:slug", () => {
  it("returns a top-level category with counted subcategories", async () => {
    const { status, body } = await get<CategoryDetail>("/api/categories/electronics");
    expect(status).toBe(200);
    expect(body.parent).toBeNull();
    expect(body.name).toBe("Electronics");
    expect(body.children.length).toBeGreaterThan(0);
    const childTotal = body.children.reduce((sum, c) => sum + c.listingCount, 0);
    expect(childTotal).toBeGreaterThan(0);
    expect(childTotal).toBeLessThanOrEqual(body.listingCount);
    const names = body.children.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("returns a subcategory with its parent and its siblings", async () => {
    const top = (await get<CategoryDetail>("/api/categories/fashion")).body;
    const sub = top.children[0];
    const { status, body } = await get<CategoryDetail>(`/api/categories/${sub?.slug}`);
    expect(status).toBe(200);
    expect(body.parent?.slug).toBe("fashion");
    expect(body.children.map((c) => c.slug)).toEqual(top.children.map((c) => c.slug));
    const listings = await get<{ total: number }>(`/api/listings?category=${sub?.slug}`);
    expect(body.listingCount).toBe(listings.body.total);
  });

  it("answers 404 with the error envelope for an unknown slug", async () => {
    const { status, body } = await get<{ error: { code: string; message: string } }>(
      "/api/categories/nope",
    );
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: "category_not_found", message: "Category not found." });
  });
});

describe("GET /api/territories", () => {
  it("returns the active Caribbean territories ordered by name", async () => {
    const { status, body } = await get<{ items: { name: string; slug: string }[] }>(
      "/api/territories",
    );
    expect(status).toBe(200);
    const names = body.items.map((t) => t.name);
    expect(names).toContain("Jamaica");
    expect(names).toContain("Trinidad and Tobago");
    expect(names.length).toBeGreaterThanOrEqual(21);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
