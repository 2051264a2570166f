import { sql } from "drizzle-orm";
import type {
  CreateSavedSearch,
  SavedSearch,
  SavedSearchList,
  SavedSearchQuery,
  UpdateSavedSearch,
} from "../../../core/contracts/watching";
import { WATCH_MESSAGES } from "../../../core/contracts/watching";
import { ERROR_CODES } from "../../../core/errors";
import { MAX_SAVED_SEARCHES } from "../../../core/limits";
import { canonicalQuery } from "../../../core/saved-search-query";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { savedSearches } from "../../db/schema/watching";
import { conflict, notFound, ruleBroken } from "../../errors";
import { lockOwnerList } from "./owner-lists";
import { describeFilters, matchingColumns, parseSavedQuery } from "./saved-search-query";

interface SavedSearchRow {
  id: string;
  name: string;
  query: SavedSearchQuery;
  description: string;
  notifications_enabled: boolean;
  created_at: Date | string;
}

const columns = sql`id, name, query, description, notifications_enabled, created_at`;

function toSavedSearch(r: SavedSearchRow): SavedSearch {
  return {
    id: r.id,
    name: r.name,
    query: r.query,
    description: r.description,
    notificationsEnabled: r.notifications_enabled,
    createdAt: isoTime(r.created_at),
  };
}

const searchNotFound = () => notFound("Saved search not found.", ERROR_CODES.savedSearchNotFound);

/** The query as stored: canonical, described, and spread into the matching columns. */
async function storedForm(db: Db, query: SavedSearchQuery) {
  const filters = parseSavedQuery(query);
  return {
    query: canonicalQuery(filters),
    description: await describeFilters(db, filters),
    ...(await matchingColumns(db, filters)),
  };
}

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearchList> {
  const found = await rows<SavedSearchRow>(
    db,
    sql`select ${columns} from saved_searches where user_id = ${userId}
        order by created_at desc, id`,
  );
  return { items: found.map(toSavedSearch) };
}

export async function getSavedSearch(db: Db, userId: string, id: string): Promise<SavedSearch> {
  const [row] = await rows<SavedSearchRow>(
    db,
    sql`select ${columns} from saved_searches where id = ${id} and user_id = ${userId}`,
  );
  if (!row) throw searchNotFound();
  return toSavedSearch(row);
}

/** The caller's saved search with this canonical query, other than `exceptId`, if any. */
async function sameSearch(
  db: Db,
  userId: string,
  query: SavedSearchQuery,
  exceptId?: string,
): Promise<string | null> {
  const [found] = await rows<{ id: string }>(
    db,
    sql`select id from saved_searches where user_id = ${userId}
        and query = ${JSON.stringify(query)}::jsonb
        ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return found?.id ?? null;
}

/**
 * Saves a search, within the per-user limit (counted under the user's list lock). A search the
 * user already saved (the same canonical query) is answered with that one, unchanged and
 * `created: false`: a second copy would alert twice for each match (issue 15). The lock makes a
 * double click wait for the first save and find it; the unique index backs it.
 */
export async function createSavedSearch(
  db: Db,
  userId: string,
  input: CreateSavedSearch,
): Promise<{ search: SavedSearch; created: boolean }> {
  const stored = await storedForm(db, input.query);
  return db.transaction(async (tx) => {
    await lockOwnerList(tx, "saved-searches", userId);
    const existing = await sameSearch(tx, userId, stored.query);
    if (existing) return { search: await getSavedSearch(tx, userId, existing), created: false };
    const [count] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from saved_searches where user_id = ${userId}`,
    );
    if ((count?.n ?? 0) >= MAX_SAVED_SEARCHES)
      throw ruleBroken(ERROR_CODES.watchLimitReached, WATCH_MESSAGES.savedSearchesFull);
    const [created] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name.trim(),
        notificationsEnabled: input.notificationsEnabled ?? true,
        ...stored,
      })
      .returning({ id: savedSearches.id });
    if (!created) throw new Error("saved search insert returned nothing");
    return { search: await getSavedSearch(tx, userId, created.id), created: true };
  });
}

/**
 * Renames, re-filters or turns notifications on or off; only the owner's search is found. New
 * filters equal to another of the owner's saved searches are a 409 (that one is the search).
 */
export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: string,
  patch: UpdateSavedSearch,
): Promise<SavedSearch> {
  const stored = patch.query ? await storedForm(db, patch.query) : null;
  return db.transaction(async (tx) => {
    await lockOwnerList(tx, "saved-searches", userId);
    if (stored && (await sameSearch(tx, userId, stored.query, id))) {
      throw conflict(WATCH_MESSAGES.searchAlreadySaved, ERROR_CODES.searchAlreadySaved);
    }
    return applyUpdate(tx, userId, id, patch, stored ?? {});
  });
}

async function applyUpdate(
  db: Db,
  userId: string,
  id: string,
  patch: UpdateSavedSearch,
  stored: Partial<Awaited<ReturnType<typeof storedForm>>>,
): Promise<SavedSearch> {
  const updated = await db
    .update(savedSearches)
    .set({
      name: patch.name?.trim(),
      notificationsEnabled: patch.notificationsEnabled,
      ...stored,
      updatedAt: new Date(),
    })
    .where(sql`${savedSearches.id} = ${id} and ${savedSearches.userId} = ${userId}`)
    .returning({ id: savedSearches.id });
  if (updated.length === 0) throw searchNotFound();
  return getSavedSearch(db, userId, id);
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(sql`${savedSearches.id} = ${id} and ${savedSearches.userId} = ${userId}`)
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw searchNotFound();
}
