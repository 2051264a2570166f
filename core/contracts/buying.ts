import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, RESERVED_OUT_MESSAGE } from "../cart";
import { ERROR_CODES } from "../errors";
import { pageOf, paginationQuery } from "./common";
import { deliverToField } from "./delivery";
import { lineFeedbackSchema } from "./feedback";
import { saleShippingSchema, shipmentSchema } from "./shipping";

export { MAX_CART_LINES, MAX_LINE_QUANTITY, RESERVED_OUT_MESSAGE };

// ---------- cart ----------

export const cartLineInputSchema = z.object({
  listingId: z.uuid({ message: "listingId must be a UUID" }),
  quantity: z
    .number({ message: "quantity must be a number" })
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

const cartLines = z
  .array(cartLineInputSchema)
  .min(1, "Your cart is empty")
  .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} lines`)
  .refine(
    (lines) => new Set(lines.map((l) => l.listingId)).size === lines.length,
    "Each listing may appear once",
  );

/**
 * Where the items go (issue 29): a territory slug or "world". Absent: the account's Deliver to;
 * unknown: shipping is judged as within each item's territory.
 */
const deliverTo = deliverToField.optional();

export const cartValidateRequestSchema = z.object({ lines: cartLines, deliverTo });

/** Why a cart line cannot be bought; checkout refuses with the same code (see ERROR_CODES). */
export const CART_PROBLEMS = [
  ERROR_CODES.notFound,
  ERROR_CODES.notFixedPrice,
  ERROR_CODES.notActive,
  ERROR_CODES.ownListing,
  ERROR_CODES.outOfStock,
  ERROR_CODES.stockReserved,
  ERROR_CODES.insufficientStock,
  ERROR_CODES.doesNotShipThere,
] as const;

export const cartLineStateSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  sellerId: z.string(),
  /** Today's price from the database; the page compares it with what the cart remembered. */
  priceCents: z.number().int(),
  shippingCents: z.number().int(),
  quantity: z.number().int(),
  /** Units that can be bought now: stock less what open checkouts hold. */
  available: z.number().int(),
  problem: z.object({ code: z.enum(CART_PROBLEMS), message: z.string() }).nullable(),
});
export type CartLineState = z.infer<typeof cartLineStateSchema>;

export const orderTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const cartValidateResponseSchema = z.object({
  lines: z.array(cartLineStateSchema),
  /** Totals of the lines that have no problem. */
  totals: orderTotalsSchema,
});
export type CartValidation = z.infer<typeof cartValidateResponseSchema>;

// ---------- saved cart (the signed-in user's cart kept on the server) ----------

/**
 * PUT /api/me/cart and POST /api/me/cart/merge: the lines of a device's cart, as the cart sends
 * them to validation (same limits), except that an empty cart is a cart too.
 */
export const savedCartRequestSchema = z.object({
  lines: z
    .array(cartLineInputSchema)
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} lines`)
    .refine(
      (lines) => new Set(lines.map((l) => l.listingId)).size === lines.length,
      "Each listing may appear once",
    ),
});

/** A saved line with what the browser's cart shows of it (today's title, picture and price). */
export const savedCartLineSchema = cartLineInputSchema.extend({
  title: z.string(),
  imageUrl: z.string().nullable(),
  priceCents: z.number().int(),
  sellerId: z.string(),
});
export type SavedCartLine = z.infer<typeof savedCartLineSchema>;

/** The account's cart, oldest line first (the order it was filled in). */
export const savedCartSchema = z.object({ lines: z.array(savedCartLineSchema) });
export type SavedCart = z.infer<typeof savedCartSchema>;

// ---------- checkout ----------

export const checkoutRequestSchema = z.union([
  z.object({ lines: cartLines, deliverTo }),
  z.object({ orderId: z.uuid({ message: "orderId must be a UUID" }), deliverTo }),
]);
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ orderId: z.string(), redirectUrl: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const paymentProviderSchema = z.object({
  id: z.enum(["sandbox", "stripe"]),
  /** Shown after "Secure checkout powered by". */
  name: z.string(),
});

// ---------- orders ----------

export const ORDER_STATUSES = ["pending", "paid", "cancelled", "expired"] as const;

export const orderItemSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  shippingCents: z.number().int(),
  seller: z.object({ id: z.string(), username: z.string() }),
  /** This seller's part of the order on its way (shipped or ready for pickup), else null. */
  shipment: shipmentSchema.nullable(),
  lineId: z.string(),
  /** The buyer's feedback on this line, and whether Leave feedback is open (paid, within 60 days). */
  feedback: lineFeedbackSchema.nullable(),
  canLeaveFeedback: z.boolean(),
});

export const orderSchema = orderTotalsSchema.extend({
  id: z.string(),
  /** The first 8 characters of the id (spec). */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** How it was agreed: a cart's checkout, a won auction, or an accepted offer. */
  source: z.enum(["checkout", "auction", "offer"]),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  itemCount: z.number().int(),
  items: z.array(orderItemSchema),
  /** Pending (a checkout not finished, or an auction win): Pay now resumes or reopens its payment. */
  canPay: z.boolean(),
  /** A pending checkout order: Cancel ends its payment and releases its stock at once. */
  canCancel: z.boolean(),
  /** When the stock it holds is released unless paid (its open payment session lapses); else null. */
  reservedUntil: z.string().nullable(),
  /**
   * Where it goes (a territory slug, or "world"), which its shipping was charged for; null for a
   * won auction or agreed offer whose buyer never said: paying asks first (issue 29).
   */
  deliverTo: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderPageSchema = pageOf(orderSchema);
/** GET /api/me/orders/unpaid: the buyer's orders awaiting payment, newest first. */
export const unpaidOrdersSchema = z.object({ items: z.array(orderSchema) });
export type OrderPage = z.infer<typeof orderPageSchema>;

/**
 * What the seller earns from their part of one order, read from the ledger (the same numbers as
 * the transactions of /my/payments): the sale (item plus shipping), its final value fee, what the
 * buyer got back and the part of the fee given back with it, and the net of all of them.
 */
export const saleEarningsSchema = z.object({
  saleCents: z.number().int(),
  feeCents: z.number().int(),
  refundedCents: z.number().int(),
  feeReturnedCents: z.number().int(),
  netCents: z.number().int(),
});
export type SaleEarnings = z.infer<typeof saleEarningsSchema>;

/** A sold line, as its seller sees it in /my/selling. */
export const saleSchema = z.object({
  orderId: z.string(),
  number: z.string(),
  listingId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  shippingCents: z.number().int(),
  buyer: z.object({ id: z.string(), username: z.string() }),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Whether it shipped, may ship, offers pickup, or is late (the shipping module's). */
  shipping: saleShippingSchema,
  lineId: z.string(),
  /** The buyer's feedback about this sale (the seller may reply once) and the seller's about the buyer. */
  feedbackFromBuyer: lineFeedbackSchema.nullable(),
  feedbackToBuyer: lineFeedbackSchema.nullable(),
  canLeaveFeedback: z.boolean(),
  /** The seller's part of this order in money; null until it is paid (no sale in the ledger). */
  earnings: saleEarningsSchema.nullable(),
});
export type Sale = z.infer<typeof saleSchema>;
export const salePageSchema = pageOf(saleSchema);
export type SalePage = z.infer<typeof salePageSchema>;

// ---------- one order's page ----------

/**
 * What happened to an order, oldest first, as /orders/{id} lists it. Each seller's part ships,
 * is received, asked to be cancelled and refunded on its own, so most events name their seller.
 */
export const ORDER_EVENT_KINDS = [
  "placed",
  "paid",
  "shipped",
  "ready_for_pickup",
  "received",
  "late_shipment",
  "cancellation_requested",
  "cancellation_accepted",
  "cancellation_declined",
  "refund_issued",
  "refunded",
  "refund_failed",
  "feedback_from_buyer",
  "feedback_from_seller",
  "feedback_revision_requested",
  "feedback_revised",
  "feedback_removed",
  "cancelled",
  "expired",
  "return_opened",
  "not_received_opened",
  "request_accepted",
  "request_offered",
  "request_declined",
  "request_tracking",
  "return_shipped",
  "request_escalated",
  "case_decided",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const orderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  at: z.string(),
  /** The seller whose part it is about; null for the whole order. */
  seller: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** A refund's amount. */
  amountCents: z.number().int().nullable(),
  /** A shipment's carrier and tracking (the carrier's tracking page when it is known). */
  carrierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** Feedback's rating. */
  rating: z.enum(["positive", "neutral", "negative"]).nullable(),
  /**
   * The buyer's reason for a cancellation or their words opening a return, the seller's note on
   * their answer, staff's reason for a refund they issued, a case they decided or feedback they
   * removed, or the seller's message asking for a feedback revision.
   */
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * GET /api/orders/{id}/details: the order page, for its buyer (the whole order, as Purchase
 * History shows it) or one of its sellers (their lines, as Selling shows them, and only their
 * part's events). Anyone else is told it does not exist.
 */
export const orderDetailsSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  source: z.enum(["checkout", "auction", "offer"]),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  viewer: z.enum(["buyer", "seller"]),
  buyer: z.object({ id: z.string(), username: z.string() }),
  /** Where it ships: the territory chosen at checkout (there are no street addresses yet). */
  deliverTo: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** The buyer's view of the whole order; null for a seller. */
  purchase: orderSchema.nullable(),
  /** The seller's lines of this order; empty for the buyer. */
  sales: z.array(saleSchema),
  timeline: z.array(orderEventSchema),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

/**
 * GET /api/me/orders and /api/me/sales: a page of the list, or with `order` the page that holds
 * that order (an order's notification links to it); an order the list does not hold leaves the
 * page as asked.
 */
export const orderListQuerySchema = z.object({
  ...paginationQuery,
  order: z.uuid({ message: "order must be a UUID" }).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

// ---------- sandbox provider ----------

export const SANDBOX_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export const sandboxSessionSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(["open", "complete", "expired", "cancelled"]),
  totals: orderTotalsSchema,
  items: z.array(orderItemSchema.pick({ title: true, quantity: true, unitPriceCents: true })),
  expiresAt: z.string(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

export const sandboxPayRequestSchema = z.object({
  cardNumber: z.string().trim().min(1, "Card number is required").max(32),
  expiry: z.string().trim().min(1, "Expiry date is required").max(7),
  cvc: z.string().trim().min(3, "CVC is required").max(4),
  name: z.string().trim().min(1, "Name on card is required").max(100),
});
export type SandboxPayRequest = z.infer<typeof sandboxPayRequestSchema>;

/** Where the sandbox page goes next: the success page after payment, the cart after cancel. */
export const sandboxResultSchema = z.object({ redirectUrl: z.string() });
