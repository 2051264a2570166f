import { sql } from "drizzle-orm";
import { WORLD_DESTINATION } from "../../../core/delivery";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { badRequest } from "../../errors";

export const UNKNOWN_DESTINATION_MESSAGE = "Choose a territory to deliver to";

/**
 * A "Deliver to" as given (a territory slug, or "world"), checked: the slug and the territory's id
 * (null for the rest of the world). 400 for a territory that does not exist or is not active.
 */
export async function resolveDeliverTo(
  db: Db,
  value: string,
): Promise<{ slug: string; territoryId: string | null; name: string }> {
  if (value === WORLD_DESTINATION)
    return { slug: value, territoryId: null, name: "Rest of the world" };
  const [found] = await rows<{ id: string; slug: string; name: string }>(
    db,
    sql`select id, slug, name from territories where slug = ${value} and is_active`,
  );
  if (!found)
    throw badRequest(UNKNOWN_DESTINATION_MESSAGE, { deliverTo: UNKNOWN_DESTINATION_MESSAGE });
  return { slug: found.slug, territoryId: found.id, name: found.name };
}

/** The account's "Deliver to" (the stand-in for a default address's territory), or null. */
export async function accountDeliverTo(db: Db, userId: string): Promise<string | null> {
  const [row] = await rows<{ deliverTo: string | null }>(
    db,
    sql`select deliver_to as "deliverTo" from users where id = ${userId}`,
  );
  return row?.deliverTo ?? null;
}

/** Sets the account's "Deliver to" (null forgets it); an unknown territory is a 400. */
export async function setAccountDeliverTo(
  db: Db,
  userId: string,
  value: string | null,
): Promise<{ deliverTo: string | null }> {
  const slug = value === null ? null : (await resolveDeliverTo(db, value)).slug;
  await db.execute(sql`update users set deliver_to = ${slug} where id = ${userId}`);
  return { deliverTo: slug };
}
