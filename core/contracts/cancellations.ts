import { z } from "zod";

export const MAX_CANCELLATION_REASON = 500;

/**
 * The buyer's request to cancel one seller's unshipped part of a paid order. `sellerId` may be
 * left out when the order has one seller.
 */
export const cancellationRequestSchema = z.object({
  sellerId: z.uuid({ message: "sellerId must be a UUID" }).optional(),
  reason: z
    .string({ message: "Please tell the seller why you want to cancel." })
    .trim()
    .min(1, "Please tell the seller why you want to cancel.")
    .max(
      MAX_CANCELLATION_REASON,
      `The reason can be at most ${MAX_CANCELLATION_REASON} characters.`,
    ),
});
export type CancellationRequestInput = z.infer<typeof cancellationRequestSchema>;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export const CANCELLATION_STATUSES = ["requested", "accepted", "declined"] as const;

/**
 * Why money went back: a seller accepted a cancellation, a paid order could not be filled, or
 * staff issued it from the admin area (whole or in part, with their reason), or a seller refunded
 * a return or a parcel that never came (decision 0023).
 */
export const REFUND_CAUSES = ["cancellation", "unfillable", "staff", "return"] as const;

export const refundSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  /** The seller whose part went back; null for a refund of the order (unfillable, or staff's). */
  sellerId: z.string().nullable(),
  cause: z.enum(REFUND_CAUSES),
  /** Staff's reason, shown to the buyer; null for the marketplace's own refunds. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** One seller's part of an order, with its cancellation request and refund, as either side sees it. */
export const cancellationPartSchema = z.object({
  orderId: z.string(),
  number: z.string(),
  seller: z.object({ id: z.string(), username: z.string() }),
  buyer: z.object({ id: z.string(), username: z.string() }),
  items: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
  /** What a cancellation sends back: the part's items, shipping and share of the tax. */
  amountCents: z.number().int(),
  shipped: z.boolean(),
  request: z
    .object({
      status: z.enum(CANCELLATION_STATUSES),
      reason: z.string(),
      createdAt: z.string(),
      answeredAt: z.string().nullable(),
    })
    .nullable(),
  refund: refundSchema.nullable(),
  /** The buyer may ask: the order is paid, this part unshipped, and not asked about before. */
  canRequest: z.boolean(),
});
export type CancellationPart = z.infer<typeof cancellationPartSchema>;

/** GET /api/orders/{id}/cancellation: the buyer's view of an order's parts and refunds. */
export const orderCancellationSchema = z.object({
  parts: z.array(cancellationPartSchema),
  /** Every refund of the order, including a whole-order one (sellerId null). */
  refunds: z.array(refundSchema),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

/** GET /api/me/cancellation-requests: what buyers asked the seller, open ones first. */
export const sellerCancellationsSchema = z.object({ items: z.array(cancellationPartSchema) });
export type SellerCancellations = z.infer<typeof sellerCancellationsSchema>;
