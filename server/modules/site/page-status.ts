import { sql } from "drizzle-orm";
import { DEV_PAGES, matchPage, NOT_FOUND_PATH, STAFF_PAGES } from "../../../core/site-routes";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Pages about one thing in the database: found only when it exists (as its API says). */
const LISTING_PAGES = new Set([
  "/listing/:id",
  "/product/:id",
  "/products/:id",
  "/listing/:id/edit",
]);

async function exists(db: Db, query: ReturnType<typeof sql>): Promise<boolean> {
  return (await rows<Record<string, unknown>>(db, query)).length > 0;
}

/** A category page exists when its category does, and a subcategory sits under the top one. */
async function categoryExists(db: Db, slug: string, sub: string | undefined): Promise<boolean> {
  if (sub === undefined) {
    return exists(
      db,
      sql`select 1 from categories where slug = ${slug} and is_active and parent_id is null`,
    );
  }
  return exists(
    db,
    sql`select 1 from categories c join categories p on p.id = c.parent_id
      where c.slug = ${sub} and p.slug = ${slug} and c.is_active and p.is_active`,
  );
}

function decodePath(pathname: string): string | null {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
  } catch {
    return null;
  }
}

/**
 * The HTTP status of a page path: 404 when the web app has no such page (core/site-routes.ts),
 * when it names a listing, category or store that does not exist (or, for a bid history, a
 * listing that is not an auction), for the developer's pages in production or to anyone but this
 * machine (`local`: as their API decides, isLocalRequest), or for the admin area; else 200. The
 * page is the same single-page app either way.
 */
export async function pageStatus(
  db: Db,
  url: string,
  { production, local = false }: { production: boolean; local?: boolean },
): Promise<200 | 404> {
  const pathname = decodePath(url.split("?")[0] ?? url);
  const match = pathname === null ? null : matchPage(pathname);
  if (!match || match.pattern === NOT_FOUND_PATH) return 404;
  if ((production || !local) && DEV_PAGES.includes(match.pattern)) return 404;
  // The admin area is found only through the app, by staff (see STAFF_PAGES).
  if (STAFF_PAGES.includes(match.pattern)) return 404;
  const { id, slug, sub } = match.params;
  if (LISTING_PAGES.has(match.pattern)) {
    const found =
      !!id &&
      UUID.test(id) &&
      // Held or removed: not found for the public and crawlers (its seller's page still renders).
      (await exists(db, sql`select 1 from listings where id = ${id} and moderation = 'visible'`));
    return found ? 200 : 404;
  }
  if (match.pattern === "/listing/:id/bids") {
    // The whole bid history: an auction's page only.
    const found =
      !!id &&
      UUID.test(id) &&
      (await exists(
        db,
        sql`select 1 from listings where id = ${id} and moderation = 'visible' and kind = 'auction'`,
      ));
    return found ? 200 : 404;
  }
  if (match.pattern === "/store/:id") {
    const found =
      !!id &&
      UUID.test(id) &&
      (await exists(db, sql`select 1 from users where id = ${id} and suspended_at is null`));
    return found ? 200 : 404;
  }
  if (match.pattern === "/category/:slug/:sub?") {
    return slug && (await categoryExists(db, slug, sub)) ? 200 : 404;
  }
  return 200;
}
