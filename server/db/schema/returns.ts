import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  OPEN_STATUSES,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  RETURN_REASONS,
} from "../../../core/returns";
import { oneOf } from "./checks";
import { orders } from "./orders";
import { users } from "./users";

/**
 * A buyer's return or "item not received" request about one seller's part of an order, and the
 * case it becomes when Tradewinds is asked to step in (decision 0023). Each step writes its own
 * moment, so the order page's timeline reads them as it reads shipments and refunds. At most one
 * request per part is open at a time (the partial unique index is the "at most").
 */
export const afterSaleRequests = pgTable(
  "after_sale_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id),
    /** "return" or "not_received". */
    kind: text("kind").notNull(),
    /** A return's reason (core/returns RETURN_REASONS); null for "not received". */
    reason: text("reason"),
    /** The buyer's own words. */
    details: text("details").notNull(),
    /** The buyer's photos: [{ url, thumbUrl }] copied from their uploads. */
    photos: jsonb("photos").notNull().default(sql`'[]'::jsonb`),
    status: text("status").notNull().default("open"),
    /** When the seller's next step is due (answer, or receipt of the return); null when it is not theirs. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** The seller's answer: accepted, offered, declined, tracking or refunded. */
    answer: text("answer"),
    answerNote: text("answer_note"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    returnAddress: text("return_address"),
    /** Who pays the postage back ("buyer" or "seller"), fixed by the reason when accepted. */
    returnShippingPaidBy: text("return_shipping_paid_by"),
    /** A partial refund the seller offered. */
    offerCents: integer("offer_cents"),
    /** The seller's tracking for a parcel they say was delivered, or the buyer's for the return. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedBackAt: timestamp("shipped_back_at", { withTimezone: true }),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    escalatedBy: text("escalated_by"),
    /** Whoever asked for the expedited review pays its fee (the fee pages' figure at the time). */
    expedited: boolean("expedited").notNull().default(false),
    expeditedBy: uuid("expedited_by").references(() => users.id),
    expeditedFeeCents: integer("expedited_fee_cents"),
    /** Staff's decision: refund_full, refund_partial or seller. */
    decision: text("decision"),
    decisionCents: integer("decision_cents"),
    decisionReason: text("decision_reason"),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The refund this request sent, if any: the one refund it may ever send. */
    refundId: uuid("refund_id"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("after_sale_requests_kind_check", oneOf(t.kind, REQUEST_KINDS)),
    check("after_sale_requests_status_check", oneOf(t.status, REQUEST_STATUSES)),
    check(
      "after_sale_requests_reason_check",
      sql`(${t.kind} = 'return') = (${t.reason} is not null) and (${t.reason} is null or ${oneOf(t.reason, RETURN_REASONS)})`,
    ),
    check(
      "after_sale_requests_decision_check",
      sql`${t.decision} is null or ${oneOf(t.decision, ["refund_full", "refund_partial", "seller"])}`,
    ),
    uniqueIndex("after_sale_requests_one_open")
      .on(t.orderId, t.sellerId)
      .where(sql.raw(`status in (${OPEN_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
    index("after_sale_requests_seller_idx").on(t.sellerId, t.createdAt),
    index("after_sale_requests_buyer_idx").on(t.buyerId, t.createdAt),
    index("after_sale_requests_cases_idx").on(t.escalatedAt).where(sql`status = 'escalated'`),
  ],
);
