import { sql } from "drizzle-orm";
import { PUBLIC_PAGES } from "../../../core/site-routes";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { activeListingCondition } from "../listings/listing-visibility";

/** The sitemap protocol's limit per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/**
 * What crawlers are kept out of: the API, sign-in flows and every page that needs an account (a
 * test checks each signed-in page is covered). `$` ends a pattern and `*` matches anything, as
 * the big search engines read robots.txt.
 */
export const ROBOTS_RULES: readonly { allow: boolean; path: string }[] = [
  { allow: true, path: "/account/returns" },
  ...[
    "/api/",
    "/auth/",
    "/my/",
    "/account/",
    "/orders/",
    "/checkout",
    "/cart",
    "/messages",
    "/chat",
    "/notifications",
    "/sell$",
    "/sell/create",
    "/listing/*/edit",
    "/pay/",
    "/watchlist/",
    "/saved-searches/",
    "/dev/",
    "/login",
    "/register",
    "/confirm-email",
    "/forgot-password",
    "/reset-password",
    "/404",
  ].map((path) => ({ allow: false, path })),
];

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

function urlEntry(loc: string, lastmod?: string): string {
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
}

function urlSet(entries: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: the rules above for every crawler, and where the sitemap is. */
export function robotsTxt(base: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_RULES.map((rule) => `${rule.allow ? "Allow" : "Disallow"}: ${rule.path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

async function activeListingCount(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listings l left join auction_settings a on a.listing_id = l.id
      where ${activeListingCondition}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The sitemap index: one file of pages and categories, then as many files of active listings as
 * it takes at `perFile` URLs each (the protocol allows 50,000).
 */
export async function sitemapIndex(db: Db, base: string, perFile: number): Promise<string> {
  const files = Math.ceil((await activeListingCount(db)) / perFile);
  const locs = [
    `${base}/sitemaps/pages.xml`,
    ...Array.from({ length: files }, (_, i) => `${base}/sitemaps/listings-${i + 1}.xml`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locs.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/** The public pages worth indexing and every active category page. */
export async function pagesSitemap(db: Db, base: string): Promise<string> {
  const pages = PUBLIC_PAGES.filter((p) => p.sitemap && !p.path.includes(":")).map((p) =>
    urlEntry(`${base}${p.path === "/" ? "/" : p.path}`),
  );
  const categories = await rows<{ slug: string; parent: string | null }>(
    db,
    sql`select c.slug, p.slug as parent from categories c left join categories p on p.id = c.parent_id
      where c.is_active and (p.id is null or p.is_active)
      order by coalesce(p.position, c.position), p.id nulls first, c.slug`,
  );
  const categoryPages = categories.map((c) =>
    urlEntry(`${base}/category/${c.parent ? `${c.parent}/${c.slug}` : c.slug}`),
  );
  return urlSet([...pages, ...categoryPages]);
}

/** One file of active listings (1-based), oldest first, or null past the last file. */
export async function listingsSitemap(
  db: Db,
  base: string,
  file: number,
  perFile: number,
): Promise<string | null> {
  const listings = await rows<{ id: string; updated_at: Date | string }>(
    db,
    sql`select l.id, l.updated_at from listings l left join auction_settings a on a.listing_id = l.id
      where ${activeListingCondition} order by l.created_at, l.id
      limit ${perFile} offset ${(file - 1) * perFile}`,
  );
  if (listings.length === 0 && file > 1) return null;
  return urlSet(listings.map((l) => urlEntry(`${base}/listing/${l.id}`, isoTime(l.updated_at))));
}
