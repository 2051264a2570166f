import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

const detailPath = /^\/(?:listing|product|products)\/([0-9a-f-]{36})\/?(?:\?.*)?$/i;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The <title> and Open Graph tags for a listing page's HTML, or null for other paths and unknown
 * listings. Everything a seller typed is escaped: it lands in raw HTML.
 */
export async function shareTagsFor(db: Db, url: string, publicUrl: string): Promise<string | null> {
  const match = detailPath.exec(url);
  if (!match) return null;
  const id = match[1] as string;
  const result = await rows<{ title: string; description: string; image: string | null }>(
    db,
    sql`
    select l.title, l.description,
      (select url from listing_images i where i.listing_id = l.id order by position limit 1) as image
    from listings l where l.id = ${id} and l.moderation = 'visible'`,
  );
  const row = result[0];
  if (!row) return null;
  const base = publicUrl.replace(/\/$/, "");
  const description =
    row.description.length > 200 ? `${row.description.slice(0, 197)}...` : row.description;
  const tags = [
    `<title>${escapeHtml(row.title)} | Tradewinds</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="Tradewinds" />`,
    `<meta property="og:title" content="${escapeHtml(row.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(`${base}${url.split("?")[0]}`)}" />`,
  ];
  if (row.image)
    tags.push(`<meta property="og:image" content="${escapeHtml(`${base}${row.image}`)}" />`);
  tags.push(`<meta name="twitter:card" content="summary_large_image" />`);
  return tags.join("\n    ");
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
