import { describe, expect, it } from "vitest";
import {
  type Manifest,
  pagePreloads,
  picturePreload,
  sharedPicture,
  withPreloads,
} from "./page-preloads";

const manifest: Manifest = {
  "main.tsx": { file: "assets/index-a.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-b.js" },
  "app/routes/home-page.tsx": { file: "assets/home-page-c.js", imports: ["_react.js", "_grid.js"] },
  "_grid.js": { file: "assets/grid-d.js", imports: ["_react.js"] },
  "app/routes/listing-detail-page.tsx": { file: "assets/listing-e.js", imports: ["_grid.js"] },
};

const hrefs = (tags: string) => [...tags.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe("pagePreloads", () => {
  it("names the home page's code (not the entry's) and its first reads", () => {
    expect(hrefs(pagePreloads(manifest, "/"))).toEqual([
      "/assets/home-page-c.js",
      "/assets/grid-d.js",
      "/api/auth/session",
      "/api/categories",
      "/api/home",
      "/api/territories",
    ]);
    expect(pagePreloads(manifest, "/")).toContain('rel="modulepreload" crossorigin');
    expect(pagePreloads(manifest, "/")).toContain('as="fetch" crossorigin="anonymous"');
  });

  it("preloads a listing's answer only for an id that can be one", () => {
    const id = "0b7f3c5e-1d2a-4e6b-9c8d-7a6b5c4d3e2f";
    expect(hrefs(pagePreloads(manifest, `/listing/${id}?ref=x`))).toContain(`/api/listings/${id}`);
    expect(hrefs(pagePreloads(manifest, "/listing/not-an-id%22%3E"))).not.toContain(
      "/api/listings/not-an-id%22%3E",
    );
  });

  it("leaves out the reads whose answers the page carries", () => {
    const all = hrefs(pagePreloads(manifest, "/listings"));
    expect(all).toContain("/api/listings?sort=newest&page=1");
    const served = hrefs(pagePreloads(manifest, "/listings", ["/api/listings?sort=newest&page=1"]));
    expect(served).toEqual(all.filter((href) => href !== "/api/listings?sort=newest&page=1"));
  });

  it("adds nothing for other pages or without a manifest", () => {
    expect(pagePreloads(manifest, "/help")).toBe("");
    expect(pagePreloads(null, "/")).toBe("");
  });
});

describe("withPreloads", () => {
  it("puts the tags at the end of <head>", () => {
    const html = "<html><head><title>x</title></head><body></body></html>";
    const out = withPreloads(html, '<link rel="preload" href="/a">');
    expect(out).toMatch(/<title>x<\/title>\s*<link rel="preload" href="\/a">\s*<\/head>/);
    expect(withPreloads(html, "")).toBe(html);
  });

  it("puts what the first paint needs before the head's first script", () => {
    const html =
      '<html><head><title>x</title><script type="module" src="/a.js"></script></head><body></body></html>';
    const out = withPreloads(
      html,
      '<link rel="modulepreload" href="/b.js">',
      '<link rel="preload" as="image" href="/p.svg">',
    );
    const order = ["/p.svg", "/a.js", "/b.js"].map((href) => out.indexOf(href));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(out.indexOf("<title>"));
  });
});

describe("results pages and pictures", () => {
  it("preloads a bare category's and /listings' first reads, but not filtered ones", () => {
    expect(hrefs(pagePreloads(manifest, "/category/electronics"))).toEqual([
      "/api/auth/session",
      "/api/categories",
      "/api/categories/electronics",
      "/api/territories",
      "/api/listings?sort=best_match&page=1&category=electronics",
      "/api/listings/facets?sort=best_match&category=electronics",
    ]);
    const filtered = hrefs(pagePreloads(manifest, "/category/electronics?sort=price_asc"));
    expect(filtered).toContain("/api/categories/electronics");
    expect(filtered.some((href) => href?.startsWith("/api/listings"))).toBe(false);
    expect(hrefs(pagePreloads(manifest, "/listings"))).toContain(
      "/api/listings?sort=newest&page=1",
    );
    expect(hrefs(pagePreloads(manifest, "/listings?search=drum"))).not.toContain(
      "/api/listings?sort=newest&page=1",
    );
  });

  it("preloads a listing's own photo from its share tags, only when it is ours", () => {
    const tags = '<meta property="og:image" content="http://shop.test/uploads/listings/a.jpg" />';
    expect(sharedPicture(tags, "http://shop.test")).toBe("/uploads/listings/a.jpg");
    expect(sharedPicture(tags, "http://other.test")).toBeNull();
    expect(sharedPicture(null, "http://shop.test")).toBeNull();
    expect(picturePreload("/uploads/listings/a.jpg")).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/listings/a.jpg">',
    );
    expect(picturePreload(null)).toBe("");
  });
});
