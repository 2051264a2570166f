import { type SQL, sql } from "drizzle-orm";

/**
 * Units of a listing held by open, unexpired payment sessions: the one expression every reader of
 * stock uses (cart, checkout, listing page, unpaid orders), so "available" is always stock minus
 * what other buyers are paying for right now. `exceptBuyer` leaves that buyer's own checkouts out:
 * what they reserved is theirs, so their cart and the listing page do not shrink behind their back.
 */
export const reservedUnits = (
  listingColumn: SQL,
  exceptBuyer: string | null = null,
) => sql`coalesce((
  select sum(ol.quantity) from order_lines ol
  join payment_sessions ps on ps.order_id = ol.order_id
  ${exceptBuyer ? sql`join orders ro on ro.id = ol.order_id` : sql``}
  where ol.listing_id = ${listingColumn} and ps.status = 'open' and ps.reserves_stock
    and ps.expires_at > now()
    ${exceptBuyer ? sql`and ro.buyer_id <> ${exceptBuyer}` : sql``}), 0)::int`;
