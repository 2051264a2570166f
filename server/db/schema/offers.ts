import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { OFFER_STATUSES } from "../../../core/offers";
import { oneOf } from "./checks";
import { listings } from "./listings";
import { orders } from "./orders";
import { users } from "./users";

/**
 * A seller's automatic answers to offers on one listing. Apart from `listings` on purpose: no
 * read of a listing (cards, detail, search, exports) can ever carry them to a buyer; only the
 * offers service and the seller's edit form read this table.
 */
export const listingOfferSettings = pgTable(
  "listing_offer_settings",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    autoAcceptCents: integer("auto_accept_cents"),
    autoDeclineCents: integer("auto_decline_cents"),
  },
  (t) => [
    check(
      "listing_offer_settings_order",
      sql`${t.autoAcceptCents} is null or ${t.autoDeclineCents} is null or ${t.autoDeclineCents} < ${t.autoAcceptCents}`,
    ),
  ],
);

/**
 * One offer a buyer made (each counts towards their three on the listing), with the seller's
 * counter while there is one. Decision 0016.
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    status: text("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    message: text("message"),
    counterCents: integer("counter_cents"),
    counterMessage: text("counter_message"),
    declineMessage: text("decline_message"),
    /** When the side it waits for must have answered; moved on by a counter. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The agreed order, once accepted. */
    orderId: uuid("order_id").references(() => orders.id),
  },
  (t) => [
    check("offers_status_check", oneOf(t.status, OFFER_STATUSES)),
    check("offers_amount_positive", sql`${t.amountCents} > 0 and ${t.quantity} > 0`),
    // One offer waiting per buyer per listing, whatever two requests race.
    uniqueIndex("offers_one_open_idx")
      .on(t.listingId, t.buyerId)
      .where(sql`status in ('pending', 'countered')`),
    index("offers_buyer_idx").on(t.buyerId, t.createdAt),
    index("offers_seller_idx").on(t.sellerId, t.createdAt),
    index("offers_listing_idx").on(t.listingId, t.createdAt),
    // The expiry job's walk: only open offers, by deadline.
    index("offers_open_expiry_idx").on(t.expiresAt).where(sql`status in ('pending', 'countered')`),
    uniqueIndex("offers_order_idx").on(t.orderId),
  ],
);
