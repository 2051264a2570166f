import { type SQL, sql } from "drizzle-orm";

/**
 * A listing's status once its stock becomes `quantityAfter` (an expression over the row being
 * updated), for every write that moves a fixed-price listing's stock: the sale of the last unit
 * makes it sold (off sale, among the sold listings of search), and units coming back to a sold-out
 * one (a cancellation, the seller's restock) put it on sale again. An auction keeps its status: its
 * one lot is settled or bought, never put back.
 */
export const statusForStock = (quantityAfter: SQL): SQL =>
  sql`(case when kind <> 'fixed_price' then status
        when ${quantityAfter} <= 0 then 'sold'
        when status = 'sold' then 'active'
        else status end)::listing_status`;

/**
 * Sold out rather than gone: a fixed-price listing whose last unit sold. Buyers are told it is out
 * of stock (units may come back), not that it is no longer for sale.
 */
export const isSoldOut = (listing: { kind: string; status: string }): boolean =>
  listing.kind === "fixed_price" && listing.status === "sold";
