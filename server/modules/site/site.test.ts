import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_PAGES, matchPattern, PUBLIC_PAGES, SIGNED_IN_PAGES } from "../../../core/site-routes";
import { type App, buildApp } from "../../app";
import { loadConfig } from "../../config";
import { rows } from "../../db/rows";
import { seedDatabase } from "../../seed/seed";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import { listingsSitemap, ROBOTS_RULES, sitemapIndex } from "./sitemap.service";

// API tests run without a built client; the page fallback needs an index.html, so a stand-in
// is served from a temporary folder.
const INDEX_HTML =
  "<!doctype html><html><head><title>Tradewinds</title></head><body></body></html>";
const BASE = "https://tradewinds.example";

let testDb: TestDatabase;
let dir: string;
const apps: App[] = [];

async function appWith(env: Record<string, string> = {}): Promise<App> {
  const clientDist = path.join(dir, "client");
  const config = {
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: BASE,
      SESSION_SECRET: "a-test-secret-that-is-long-enough-for-production-0123456789",
      ...env,
    }),
    clientDist,
  };
  const app = await buildApp({ config, database: testDb.database, logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

let app: App;

beforeAll(async () => {
  testDb = await openTestDatabase();
  await seedDatabase(testDb.database.db, {});
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-site-"));
  fs.mkdirSync(path.join(dir, "client"));
  fs.writeFileSync(path.join(dir, "client", "index.html"), INDEX_HTML);
  app = await appWith();
});

afterAll(async () => {
  for (const a of apps) await a.close();
  await testDb?.dispose();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(testDb.database.db, query);
  if (!row) throw new Error("the demo data lacks a row this test needs");
  return row;
}

describe("page statuses", () => {
  it("answers the page with 200 for every page path the app has", async () => {
    const listing = await createListing(testDb.database.db, { title: "Found me" });
    const auction = await one<{ id: string }>(
      sql`select listing_id as id from auction_settings limit 1`,
    );
    const store = await one<{ id: string }>(sql`select id from users limit 1`);
    const sub = await one<{ slug: string; parent: string }>(
      sql`select c.slug, p.slug as parent from categories c join categories p on p.id = c.parent_id limit 1`,
    );
    const paths = [
      "/",
      "/listings?search=guitar",
      "/search?q=guitar",
      "/advanced-search",
      "/trending",
      "/help",
      "/help/selling-fees/currency",
      "/privacy",
      "/seller/faq",
      "/account/returns",
      "/login",
      "/my/bids",
      "/watchlist/searches",
      "/saved-searches/123/edit",
      "/messages/abc",
      "/dev/outbox",
      `/listing/${listing.id}`,
      `/product/${listing.id}`,
      `/products/${listing.id}/`,
      `/listing/${listing.id}/edit`,
      `/listing/${auction.id}/bids`,
      `/store/${store.id}`,
      "/category/electronics",
      `/category/${sub.parent}/${sub.slug}`,
      "/LISTINGS",
    ];
    for (const url of paths) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
    }
  });

  it("answers 404 with the same page for paths, listings, categories and stores that do not exist", async () => {
    const otherTop = await one<{ slug: string }>(
      sql`select slug from categories where parent_id is null and slug <> 'electronics' limit 1`,
    );
    const phonesParent = await one<{ slug: string }>(
      sql`select p.slug from categories c join categories p on p.id = c.parent_id where c.slug = 'phones'`,
    );
    expect(phonesParent.slug).not.toBe(otherTop.slug);
    const fixedPrice = await createListing(testDb.database.db, { title: "Not an auction" });
    const paths = [
      "/no-such-page",
      "/no-such-page/anywhere",
      "/404",
      "/help/nothing-here",
      "/listing/00000000-0000-4000-8000-000000000000",
      "/products/not-a-uuid",
      "/listing/00000000-0000-4000-8000-000000000000/edit",
      "/listing/00000000-0000-4000-8000-000000000000/bids",
      // The full bid history is an auction's page only (issue 22).
      `/listing/${fixedPrice.id}/bids`,
      "/store/00000000-0000-4000-8000-000000000000",
      "/store/someone",
      "/category/spaceships",
      "/category/phones",
      `/category/${otherTop.slug}/phones`,
      "/category/electronics/phones/extra",
      "/listings/extra",
    ];
    for (const url of paths) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it("keeps files and the API out of it: a missing script or endpoint is a plain 404", async () => {
    const script = await app.inject("/assets/missing.js");
    expect(script.statusCode).toBe(404);
    expect(script.body).not.toBe(INDEX_HTML);
    const api = await app.inject("/api/nothing");
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("not_found");
  });

  it("answers the admin area's pages with 404 (the same app; staff reach it through the API)", async () => {
    for (const url of ["/admin", "/admin/reports", "/admin/users/abc", "/admin/rules"]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it("answers the developer pages with 404 to anyone not on this machine, as their API does", async () => {
    for (const remoteAddress of ["203.0.113.7", "::ffff:192.168.0.10", "2001:db8::1"]) {
      const res = await app.inject({ url: "/dev/outbox", remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.body, remoteAddress).toBe(INDEX_HTML);
    }
    expect((await app.inject({ url: "/dev/outbox", remoteAddress: "127.0.0.1" })).statusCode).toBe(
      200,
    );
    // Behind a proxy on this machine: the client the proxy names decides, not one a visitor wrote.
    const proxied = await appWith({ TRUST_PROXY: "1" });
    const spoofed = await proxied.inject({
      url: "/dev/outbox",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.7" },
    });
    expect(spoofed.statusCode).toBe(404);
  });

  it("has no developer pages in production", async () => {
    const production = await appWith({ NODE_ENV: "production" });
    expect((await production.inject("/dev/outbox")).statusCode).toBe(404);
    expect((await production.inject("/listings")).statusCode).toBe(200);
  });
});

/** Whether robots.txt lets a crawler fetch a path: the longest matching rule wins, Allow on ties. */
function allowed(pathname: string): boolean {
  let best: { allow: boolean; length: number } | null = null;
  for (const rule of ROBOTS_RULES) {
    const anchored = rule.path.endsWith("$");
    const body = anchored ? rule.path.slice(0, -1) : rule.path;
    const pattern = body
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    if (!new RegExp(`^${pattern}${anchored ? "$" : ""}`).test(pathname)) continue;
    const length = rule.path.length;
    if (!best || length > best.length || (length === best.length && rule.allow)) {
      best = { allow: rule.allow, length };
    }
  }
  return best?.allow ?? true;
}

const sample = (pattern: string) => pattern.replace(/:[a-zA-Z]+\??/g, "x");

describe("robots.txt", () => {
  it("keeps crawlers off the API and every signed-in page, and names the sitemap", async () => {
    const res = await app.inject("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    for (const line of ["Disallow: /api/", "Disallow: /my/", "Disallow: /account/"]) {
      expect(res.body).toContain(line);
    }
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    for (const page of [...SIGNED_IN_PAGES, ...DEV_PAGES, "/api/listings"]) {
      expect(allowed(sample(page)), page).toBe(false);
    }
  });

  it("lets crawlers reach every page the sitemap lists", () => {
    for (const page of PUBLIC_PAGES.filter((p) => p.sitemap)) {
      expect(allowed(page.path), page.path).toBe(true);
    }
    expect(allowed("/listing/abc")).toBe(true);
    expect(allowed("/category/electronics/phones")).toBe(true);
    expect(allowed("/sell/calculator")).toBe(true);
  });
});

describe("sitemap", () => {
  it("is an index of a pages file and files of active listings", async () => {
    const res = await app.inject("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.body).toContain("<sitemapindex");
    expect(res.body).toContain(`<loc>${BASE}/sitemaps/pages.xml</loc>`);
    expect(res.body).toContain(`<loc>${BASE}/sitemaps/listings-1.xml</loc>`);
    expect(res.body).not.toContain("listings-2.xml");
  });

  it("lists the public pages and every category in the pages file", async () => {
    const res = await app.inject("/sitemaps/pages.xml");
    expect(res.statusCode).toBe(200);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of ["/", "/listings", "/advanced-search", "/help/selling-fees/basic"]) {
      expect(locs).toContain(`${BASE}${page}`);
    }
    expect(locs).toContain(`${BASE}/category/electronics`);
    expect(locs).toContain(`${BASE}/category/electronics/phones`);
    expect(locs.some((loc) => loc?.includes("/login"))).toBe(false);
    expect(locs.some((loc) => loc?.replace(BASE, "").includes(":"))).toBe(false);
    // Every page listed really is a page.
    for (const loc of locs) {
      const page = (loc ?? "").replace(BASE, "");
      expect((await app.inject(page)).statusCode, page).toBe(200);
    }
  });

  it("lists every active listing and no ended or sold one", async () => {
    const sold = await createListing(testDb.database.db, { title: "Gone", status: "sold" });
    const ended = await createListing(testDb.database.db, {
      auction: { endTime: new Date(Date.now() - 60_000) },
    });
    const res = await app.inject("/sitemaps/listings-1.xml");
    expect(res.statusCode).toBe(200);
    const ids = [...res.body.matchAll(/\/listing\/([0-9a-f-]{36})</g)].map((m) => m[1]);
    const active = await one<{ n: number }>(sql`select count(*)::int as n from listings l
      left join auction_settings a on a.listing_id = l.id
      where l.status = 'active' and (l.kind = 'fixed_price' or a.end_time > now())`);
    expect(ids).toHaveLength(active.n);
    expect(ids).not.toContain(sold.id);
    expect(ids).not.toContain(ended.id);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect((await app.inject("/sitemaps/listings-2.xml")).statusCode).toBe(404);
  });

  it("splits the listings into files of at most the protocol's size", async () => {
    const db = testDb.database.db;
    const index = await sitemapIndex(db, BASE, 40);
    const files = [...index.matchAll(/listings-(\d+)\.xml/g)].map((m) => Number(m[1]));
    expect(files.length).toBeGreaterThan(1);
    const seen = new Set<string>();
    for (const file of files) {
      const xml = (await listingsSitemap(db, BASE, file, 40)) ?? "";
      const ids = [...xml.matchAll(/\/listing\/([0-9a-f-]{36})</g)].map((m) => m[1] as string);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(40);
      for (const id of ids) seen.add(id);
    }
    const page = await sitemapIndex(db, BASE, 1_000_000);
    expect(page).toContain("listings-1.xml");
    expect(seen.size).toBe(
      (await listingsSitemap(db, BASE, 1, 1_000_000))?.match(/<url>/g)?.length,
    );
    expect(await listingsSitemap(db, BASE, files.length + 1, 40)).toBeNull();
  });

  it("matches patterns as the router does", () => {
    expect(matchPattern("/category/:slug/:sub?", "/category/a")).toEqual({
      pattern: "/category/:slug/:sub?",
      params: { slug: "a" },
    });
    expect(matchPattern("/category/:slug/:sub?", "/category/a/b")?.params).toEqual({
      slug: "a",
      sub: "b",
    });
    expect(matchPattern("/category/:slug/:sub?", "/category")).toBeNull();
    expect(matchPattern("/", "/")).not.toBeNull();
    expect(matchPattern("/", "/x")).toBeNull();
  });
});
