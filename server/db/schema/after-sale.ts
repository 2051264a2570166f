import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { oneOf } from "./checks";
import { orderLines, orders } from "./orders";
import { users } from "./users";

/**
 * One seller's part of a paid order on its way: an order from the cart may hold several sellers'
 * lines, and each ships its own. A local pickup has no carrier or number.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    /** A carrier's key in core's carrier table, or the name the seller typed. Null for pickup. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** "shipped" or "pickup" (ready for pickup). */
    method: text("method").notNull(),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull().default(sql`now()`),
    receivedAt: timestamp("received_at", { withTimezone: true }),
  },
  (t) => [
    unique("shipments_order_seller_key").on(t.orderId, t.sellerId),
    check("shipments_method_check", oneOf(t.method, ["shipped", "pickup"])),
    index("shipments_seller_idx").on(t.sellerId, t.shippedAt),
  ],
);

/**
 * Feedback about one paid order line: the buyer's about the seller (a rating, 1-5 stars and a
 * comment, within 60 days, once) and the seller's about the buyer (positive only, as eBay does).
 * The person it is about may reply once. users.rating_total and rating_count are kept in the
 * same transaction from the buyers' stars.
 */
export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    /** "buyer" (the buyer about the seller) or "seller" (the seller about the buyer). */
    authorRole: text("author_role").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: text("rating").notNull(),
    /** 1-5; null for a seller's feedback about a buyer. */
    stars: integer("stars"),
    comment: text("comment").notNull().default(""),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    /** The buyer's detailed seller ratings, 1-5 each, each optional; null on a seller's feedback. */
    describedStars: integer("described_stars"),
    communicationStars: integer("communication_stars"),
    shippingTimeStars: integer("shipping_time_stars"),
    shippingCostStars: integer("shipping_cost_stars"),
    /** When its buyer revised it (once, at the seller's asking: feedback_revision_requests). */
    revisedAt: timestamp("revised_at", { withTimezone: true }),
    /**
     * Set when staff removed it for breaking policy: it then counts in no figure (the seller's
     * rating, the profile) and is listed nowhere public. The audit log holds who and why too.
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: uuid("removed_by").references(() => users.id),
    removalReason: text("removal_reason"),
  },
  (t) => [
    unique("feedback_line_author_key").on(t.orderLineId, t.authorRole),
    check(
      "feedback_detailed_stars_check",
      sql`coalesce(${t.describedStars}, 1) between 1 and 5 and coalesce(${t.communicationStars}, 1) between 1 and 5
        and coalesce(${t.shippingTimeStars}, 1) between 1 and 5 and coalesce(${t.shippingCostStars}, 1) between 1 and 5`,
    ),
    check("feedback_removed_check", sql`(${t.removedAt} is null) = (${t.removalReason} is null)`),
    check("feedback_role_check", oneOf(t.authorRole, ["buyer", "seller"])),
    check("feedback_rating_check", oneOf(t.rating, ["positive", "neutral", "negative"])),
    check("feedback_stars_check", sql`${t.stars} is null or ${t.stars} between 1 and 5`),
    check("feedback_comment_length", sql`char_length(${t.comment}) <= 500`),
    index("feedback_subject_idx").on(t.subjectId, t.createdAt),
  ],
);

/**
 * A seller's request that the buyer revise neutral or negative feedback about them: once per
 * feedback (the unique key), within 30 days of it. The buyer may then revise it once within 30
 * days; the revision stores the rating, stars and comment it replaced, for the order's timeline.
 */
export const feedbackRevisionRequests = pgTable(
  "feedback_revision_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    feedbackId: uuid("feedback_id")
      .notNull()
      .unique("feedback_revision_requests_feedback_key")
      .references(() => feedback.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    revisedAt: timestamp("revised_at", { withTimezone: true }),
    previousRating: text("previous_rating"),
    previousStars: integer("previous_stars"),
    previousComment: text("previous_comment"),
  },
  (t) => [
    check("feedback_revision_message_length", sql`char_length(${t.message}) <= 500`),
    check(
      "feedback_revision_previous_check",
      sql`(${t.revisedAt} is null) = (${t.previousRating} is null)`,
    ),
  ],
);

/** A buyer's request to cancel one seller's unshipped part of a paid order, and its answer. */
export const cancellationRequests = pgTable(
  "cancellation_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull().default(""),
    /** "requested", "accepted" or "declined". */
    status: text("status").notNull().default("requested"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    unique("cancellation_requests_order_seller_key").on(t.orderId, t.sellerId),
    check(
      "cancellation_requests_status_check",
      oneOf(t.status, ["requested", "accepted", "declined"]),
    ),
    index("cancellation_requests_seller_idx").on(t.sellerId, t.createdAt),
  ],
);

/**
 * Money sent back through the payment provider: for an accepted cancellation (one seller's part)
 * or a paid order that could not be filled (the whole order). Written before the provider is
 * called (status "pending", with the key the provider dedupes retries by), then settled.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The seller whose part is refunded; null for the whole order. */
    sellerId: uuid("seller_id").references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    provider: text("provider").notNull(),
    providerRefundId: text("provider_refund_id"),
    /** "pending", "succeeded" or "failed". */
    status: text("status").notNull().default("pending"),
    /** The admin who issued it from the admin area; null for the marketplace's own refunds. */
    issuedBy: uuid("issued_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** The request that queued it (its x-request-id), logged by the job that does it; null for a job's own. */
    traceId: text("trace_id"),
  },
  (t) => [
    check("refunds_status_check", oneOf(t.status, ["pending", "succeeded", "failed"])),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
    index("refunds_order_idx").on(t.orderId),
    index("refunds_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A seller's part of a paid order not shipped within the handling time (3 business days): both
 * sides were told, once (the primary key is the "once").
 */
export const lateShipmentFlags = pgTable(
  "late_shipment_flags",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    flaggedAt: timestamp("flagged_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.sellerId] })],
);
