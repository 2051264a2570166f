import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { listings } from "./listings";
import { users } from "./users";

export const orderStatus = pgEnum("order_status", ["pending", "paid", "cancelled", "expired"]);
export const orderSource = pgEnum("order_source", ["checkout", "auction", "offer"]);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id),
    status: orderStatus("status").notNull().default("pending"),
    source: orderSource("source").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Where it ships: a territory slug or "world", as its shipping was charged; null before issue 29. */
    deliverTo: text("deliver_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_buyer_idx").on(t.buyerId, t.createdAt),
    // The few orders awaiting payment, by age: the lapse of unpaid agreed offers walks these.
    index("orders_pending_idx").on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    /** Copied at order time: later edits of the listing do not change what was bought. */
    title: text("title").notNull(),
    imageUrl: text("image_url"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_listing_idx").on(t.listingId),
  ],
);

/** One order per won auction, whatever happens: settlement can never create two. */
export const auctionOrders = pgTable(
  "auction_orders",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => listings.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
  },
  (t) => [uniqueIndex("auction_orders_order_idx").on(t.orderId)],
);

export const paymentSessionStatus = pgEnum("payment_session_status", [
  "open",
  "complete",
  "expired",
  "cancelled",
]);

/**
 * One attempt to pay an order at a provider's hosted checkout. While it is open (and not past
 * its expiry) the stock of a checkout order's lines is reserved for the buyer.
 */
export const paymentSessions = pgTable(
  "payment_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "sandbox" or "stripe". */
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id"),
    /** The provider's id of the payment made (Stripe's payment intent), for refunds. */
    providerPaymentId: text("provider_payment_id"),
    status: paymentSessionStatus("status").notNull().default("open"),
    /** Whether the stock of the order's lines is held for this session. */
    reservesStock: boolean("reserves_stock").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_sessions_order_idx").on(t.orderId),
    uniqueIndex("payment_sessions_provider_session_idx").on(t.provider, t.providerSessionId),
    index("payment_sessions_open_idx").on(t.status, t.expiresAt),
  ],
);

/** Webhook events already handled, so a replayed event changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
