import { sql } from "drizzle-orm";
import { ERROR_CODES } from "../../../core/errors";
import type { NamedStatement } from "../../db/client";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { ruleBroken } from "../../errors";

/**
 * The account's Deliver to as a refusal names it ("Grenada"; "your territory" when it names none
 * the site knows). A named statement ($1 the account): the bid path reads it only to word a refusal.
 */
export const DELIVER_TO_NAME: NamedStatement = {
  name: "deliver_to_name",
  text: `select coalesce((select dt.name from users u join territories dt on dt.slug = u.deliver_to
      where u.id = $1::uuid), 'your territory') as "deliverToName"`,
};

export type DeliverToName = { deliverToName: string };

/** The refusal of an item that does not ship to the buyer's territory (bids, offers, checkout). */
export function doesNotShipThere(deliverToName: string) {
  return ruleBroken(
    ERROR_CODES.doesNotShipThere,
    `The seller does not ship this item to ${deliverToName}.`,
  );
}

/**
 * Throws doesNotShipThere when the listing does not ship to the account's Deliver to: the rule is
 * ships_to_account() (ships-to-account.sql), the one place_bid() applies to a bid.
 */
export async function assertShipsToAccount(db: Db, listingId: string, userId: string) {
  const [row] = await rows<{ ships: boolean | null; deliverToName: string }>(
    db,
    sql`select ships_to_account(${listingId}, ${userId}) as ships,
          coalesce((select dt.name from users u join territories dt on dt.slug = u.deliver_to
            where u.id = ${userId}), 'your territory') as "deliverToName"`,
  );
  if (row && row.ships === false) throw doesNotShipThere(row.deliverToName);
}
