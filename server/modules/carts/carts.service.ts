import { sql } from "drizzle-orm";
import {
  type CartLineInput,
  MAX_CART_LINES,
  type SavedCart,
  type SavedCartLine,
} from "../../../core/contracts/buying";
import type { Db } from "../../db/client";
import { rows, uuidList } from "../../db/rows";

/*
 * The signed-in user's cart kept on the server (decision record 0011). The browser's local storage
 * is still the working copy; these calls let it follow the account to another device. Unknown
 * listings (deleted since the device added them) are dropped rather than refused: a device that
 * kept one would otherwise fail every later save of its cart. Availability, price and stock are
 * not judged here: the cart page asks POST /api/cart/validate, as it does for any cart.
 */

/** Serialises writes to one user's cart (two tabs or devices saving at once) until commit. */
async function lockCart(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${userId}`}, 0))`);
}

async function readLines(db: Db, userId: string): Promise<SavedCartLine[]> {
  return rows<SavedCartLine>(
    db,
    sql`select c.listing_id as "listingId", c.quantity, l.title, l.price_cents as "priceCents",
          l.seller_id as "sellerId",
          (select thumb_url from listing_images i where i.listing_id = l.id
           order by position limit 1) as "imageUrl"
        from cart_lines c join listings l on l.id = c.listing_id
        where c.user_id = ${userId}
        order by c.updated_at, c.listing_id`,
  );
}

/** Replaces the user's saved lines with `lines` (already checked: at most 50, each listing once). */
async function writeLines(tx: Db, userId: string, lines: readonly CartLineInput[]): Promise<void> {
  await tx.execute(
    lines.length === 0
      ? sql`delete from cart_lines where user_id = ${userId}`
      : sql`delete from cart_lines where user_id = ${userId}
            and listing_id not in (${uuidList(lines.map((l) => l.listingId))})`,
  );
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map((l) => sql`(${l.listingId}::uuid, ${l.quantity}::int)`),
    sql`, `,
  );
  // Only existing listings are kept; a line whose quantity did not change keeps its time (and
  // so its place in the list).
  await tx.execute(
    sql`insert into cart_lines (user_id, listing_id, quantity)
        select ${userId}, v.listing_id, v.quantity
        from (values ${values}) as v(listing_id, quantity)
        join listings l on l.id = v.listing_id
        on conflict (user_id, listing_id) do update
          set quantity = excluded.quantity,
              updated_at = case when cart_lines.quantity = excluded.quantity
                then cart_lines.updated_at else now() end`,
  );
}

/** GET /api/me/cart: the account's saved cart. */
export async function loadCart(db: Db, userId: string): Promise<SavedCart> {
  return { lines: await readLines(db, userId) };
}

/** PUT /api/me/cart: the device's cart becomes the account's (last write wins). */
export async function saveCart(
  db: Db,
  userId: string,
  lines: readonly CartLineInput[],
): Promise<SavedCart> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    await writeLines(tx, userId, lines);
    return { lines: await readLines(tx, userId) };
  });
}

/**
 * The merge rule: every listing of either cart, at the larger of its two quantities. Not the sum:
 * a device that signed in before holds a copy of this same saved cart, and adding the copy to the
 * original would double every line each time the user signs in there again. Saved lines come
 * first; the device's new ones follow while there is room (at most 50 lines).
 */
export function mergeLines(
  saved: readonly CartLineInput[],
  device: readonly CartLineInput[],
): CartLineInput[] {
  const merged = new Map(saved.map((l) => [l.listingId, l.quantity]));
  for (const line of device) {
    const known = merged.get(line.listingId);
    if (known !== undefined) merged.set(line.listingId, Math.max(known, line.quantity));
    else if (merged.size < MAX_CART_LINES) merged.set(line.listingId, line.quantity);
  }
  return [...merged].map(([listingId, quantity]) => ({ listingId, quantity }));
}

/** POST /api/me/cart/merge: a device's cart joins the saved one; answers the merged cart. */
export async function mergeCart(
  db: Db,
  userId: string,
  device: readonly CartLineInput[],
): Promise<SavedCart> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const saved = await rows<CartLineInput>(
      tx,
      sql`select listing_id as "listingId", quantity from cart_lines
          where user_id = ${userId} order by updated_at, listing_id`,
    );
    await writeLines(tx, userId, mergeLines(saved, device));
    return { lines: await readLines(tx, userId) };
  });
}
