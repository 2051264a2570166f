import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

const detailPath = /^\/(?:listing|product|products)\/([0-9a-f-]{36})\/?(?:\?.*)?$/i;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a listing page's HTML says of its listing: the share tags and the first paint. */
export interface SharedListing {
  title: string;
  description: string;
  /** The first photo, as the page's gallery shows it first. */
  image: { url: string; width: number; height: number } | null;
  /** Every photo's thumbnail, in order (the gallery's row, shown when there are two or more). */
  thumbs: string[];
  subtitle: string | null;
  sellerName: string;
  categoryName: string;
  subcategoryName: string | null;
}

/** A visible listing named by a listing page's path, in one read; null for other paths. */
export async function readSharedListing(db: Db, url: string): Promise<SharedListing | null> {
  const match = detailPath.exec(url);
  if (!match) return null;
  const id = match[1] as string;
  const result = await rows<{
    title: string;
    description: string;
    image: { url: string; width: number; height: number } | string | null;
    thumbs: string[] | string | null;
    subtitle: string | null;
    seller_name: string;
    category_name: string;
    subcategory_name: string | null;
  }>(
    db,
    sql`
    select l.title, l.description,
      (select json_build_object('url', i.url, 'width', i.width, 'height', i.height)
        from listing_images i where i.listing_id = l.id order by position limit 1) as image,
      (select json_agg(coalesce(nullif(i.thumb_url, ''), i.url) order by position)
        from listing_images i where i.listing_id = l.id) as thumbs,
      l.subtitle, u.username as seller_name,
      c.name as category_name, s.name as subcategory_name
    from listings l
    join users u on u.id = l.seller_id
    join categories c on c.id = l.category_id
    left join categories s on s.id = l.subcategory_id
    where l.id = ${id} and l.moderation = 'visible'`,
  );
  const row = result[0];
  if (!row) return null;
  return {
    title: row.title,
    description: row.description,
    image: typeof row.image === "string" ? JSON.parse(row.image) : row.image,
    thumbs: (typeof row.thumbs === "string" ? JSON.parse(row.thumbs) : row.thumbs) ?? [],
    subtitle: row.subtitle,
    sellerName: row.seller_name,
    categoryName: row.category_name,
    subcategoryName: row.subcategory_name,
  };
}

/**
 * The <title> and Open Graph tags for a listing page's HTML. Everything a seller typed is
 * escaped: it lands in raw HTML.
 */
export function shareTags(listing: SharedListing, url: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, "");
  const description =
    listing.description.length > 200
      ? `${listing.description.slice(0, 197)}...`
      : listing.description;
  const tags = [
    `<title>${escapeHtml(listing.title)} | Tradewinds</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="Tradewinds" />`,
    `<meta property="og:title" content="${escapeHtml(listing.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(`${base}${url.split("?")[0]}`)}" />`,
  ];
  if (listing.image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(`${base}${listing.image.url}`)}" />`,
    );
  tags.push(`<meta name="twitter:card" content="summary_large_image" />`);
  return tags.join("\n    ");
}

/** The share tags of a listing page, or null for other paths and unknown listings. */
export async function shareTagsFor(db: Db, url: string, publicUrl: string): Promise<string | null> {
  const listing = await readSharedListing(db, url);
  return listing ? shareTags(listing, url, publicUrl) : null;
}

/**
 * The page's HTML with its <title> element swapped for the share tags. Joined from slices, never
 * through String.replace: a replacement string would read `$&`, `` $` `` and `$'` in a title.
 */
export function withShareTags(indexHtml: string, tags: string): string {
  const title = /<title>.*?<\/title>/s.exec(indexHtml);
  if (!title) return indexHtml;
  return indexHtml.slice(0, title.index) + tags + indexHtml.slice(title.index + title[0].length);
}
