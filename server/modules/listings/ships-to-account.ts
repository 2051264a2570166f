import { sql } from "drizzle-orm";
import { ERROR_CODES } from "../../../core/errors";
import type { NamedStatement } from "../../db/client";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { ruleBroken } from "../../errors";

/**
 * Whether listing `l` (joined with its territory `t`) ships to account `u`'s Deliver to (issue 29).
 * A bid or an offer names no address, so the server judges the account's choice, the stand-in for
 * a default address (decision 0021); an account that never chose is not refused (checkout then
 * judges the territory it is given). Written once as SQL text so that the bid path's prepared
 * statement and the offers' drizzle query test the same thing.
 */
const SHIPS_TO_ACCOUNT = `(case when u.deliver_to is null then true
    when u.deliver_to = 'world' then l.ship_world_service is not null
    when u.deliver_to = t.slug then l.ship_same_service is not null
    else l.ship_caribbean_service is not null end)`;

const FROM = `from listings l join territories t on t.id = l.territory_id
    cross join users u left join territories dt on dt.slug = u.deliver_to`;

/** The bid path's check, as a named statement ($1 the listing, $2 the account). No row: no listing. */
export const SHIPS_TO_ACCOUNT_CHECK: NamedStatement = {
  name: "ships_to_account_check",
  text: `select ${SHIPS_TO_ACCOUNT} as ships, coalesce(dt.name, 'your territory') as "deliverToName"
    ${FROM} where l.id = $1::uuid and u.id = $2::uuid`,
};

export type ShipsToAccount = {
  ships: boolean;
  deliverToName: string;
};

/** The refusal of an item that does not ship to the buyer's territory (bids, offers, checkout). */
export function doesNotShipThere(deliverToName: string) {
  return ruleBroken(
    ERROR_CODES.doesNotShipThere,
    `The seller does not ship this item to ${deliverToName}.`,
  );
}

/** Throws doesNotShipThere when the listing does not ship to the account's Deliver to. */
export async function assertShipsToAccount(db: Db, listingId: string, userId: string) {
  const [row] = await rows<ShipsToAccount>(
    db,
    sql`select ${sql.raw(SHIPS_TO_ACCOUNT)} as ships,
          coalesce(dt.name, 'your territory') as "deliverToName"
        ${sql.raw(FROM)} where l.id = ${listingId} and u.id = ${userId}`,
  );
  if (row && !row.ships) throw doesNotShipThere(row.deliverToName);
}
