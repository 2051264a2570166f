import { z } from "zod";
import { REQUEST_KINDS, REQUEST_STATUSES, RETURN_REASONS } from "../returns";
import { MAX_CARRIER_LENGTH, MAX_TRACKING_NUMBER_LENGTH } from "./shipping";

/** Returns, "item not received" requests and the cases they become (decision 0023). */

export const MAX_REQUEST_TEXT = 1000;
export const MAX_REQUEST_PHOTOS = 6;

const words = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(MAX_REQUEST_TEXT, `At most ${MAX_REQUEST_TEXT} characters.`);

const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const tracking = {
  carrier: z
    .string({ message: "Choose or enter the carrier" })
    .trim()
    .min(2, "Choose or enter the carrier")
    .max(MAX_CARRIER_LENGTH, `Carrier must be at most ${MAX_CARRIER_LENGTH} characters`),
  trackingNumber: z
    .string({ message: "Enter the tracking number" })
    .trim()
    .min(1, "Enter the tracking number")
    .max(
      MAX_TRACKING_NUMBER_LENGTH,
      `Tracking number must be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`,
    )
    .regex(TRACKING_NUMBER, "Tracking number may have only letters, digits, spaces and dashes"),
};

const sellerId = z.uuid({ message: "sellerId must be a UUID" }).optional();

/** POST /api/orders/{id}/returns: the buyer asks to return one seller's part. */
export const openReturnSchema = z.object({
  sellerId,
  reason: z.enum(RETURN_REASONS, { message: "Choose a reason for the return." }),
  details: words("Tell the seller what is wrong."),
  photoIds: z
    .array(z.uuid({ message: "photoIds must be upload ids" }))
    .max(MAX_REQUEST_PHOTOS, `At most ${MAX_REQUEST_PHOTOS} photos.`)
    .default([]),
});
export type OpenReturnInput = z.input<typeof openReturnSchema>;

/** POST /api/orders/{id}/not-received: the buyer says one seller's parcel has not arrived. */
export const openNotReceivedSchema = z.object({
  sellerId,
  details: words("Tell the seller what happened."),
});
export type OpenNotReceivedInput = z.infer<typeof openNotReceivedSchema>;

/**
 * POST /api/returns/{id}/answer: the seller's answer. A return: accept (with the address to send
 * it to), offer a partial refund, or decline (only the buyer's own reasons). Not received: tracking
 * that shows delivery, or a full refund.
 */
export const sellerAnswerSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("accept"), returnAddress: words("Enter the return address.") }),
    z.object({
      action: z.literal("offer"),
      amountCents: z
        .number({ message: "Enter the amount to refund." })
        .int("Enter the amount in cents.")
        .positive("The amount must be more than zero."),
      note: z.string().trim().max(MAX_REQUEST_TEXT).optional(),
    }),
    z.object({ action: z.literal("decline"), note: words("Tell the buyer why you decline.") }),
    z.object({ action: z.literal("tracking"), ...tracking }),
    z.object({ action: z.literal("refund") }),
  ],
  { message: "Choose an answer." },
);
export type SellerAnswer = z.infer<typeof sellerAnswerSchema>;

/** POST /api/returns/{id}/ship-back: the buyer sent the item back. */
export const shipBackSchema = z.object(tracking);
export type ShipBackInput = z.infer<typeof shipBackSchema>;

/**
 * POST /api/returns/{id}/escalate: the buyer asks Tradewinds to step in, for the standard review
 * (free). The expedited review is the seller's to ask and pay for (POST .../expedite); a buyer's
 * `expedited: true` is refused rather than quietly dropped.
 */
export const escalateSchema = z.object({
  expedited: z
    .literal(false, {
      message: "Only the seller can ask for an expedited review. Your review is free.",
    })
    .optional(),
});

/** POST /api/admin/cases/{id}/decision: staff decide, with a reason both sides receive. */
export const caseDecisionSchema = z
  .object({
    outcome: z.enum(["refund_full", "refund_partial", "seller"], {
      message: "Choose a decision.",
    }),
    amountCents: z.number().int().positive("The amount must be more than zero.").optional(),
    reason: words("Give the reason both sides will read."),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === "refund_partial" && body.amountCents === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["amountCents"],
        message: "Enter the amount to refund.",
      });
  });
export type CaseDecisionInput = z.infer<typeof caseDecisionSchema>;

const person = z.object({ id: z.string(), username: z.string() });

export const afterSaleRequestSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  number: z.string(),
  kind: z.enum(REQUEST_KINDS),
  reason: z.enum(RETURN_REASONS).nullable(),
  details: z.string(),
  photos: z.array(z.object({ url: z.string(), thumbUrl: z.string() })),
  status: z.enum(REQUEST_STATUSES),
  seller: person,
  buyer: person,
  items: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
  /** What a full refund of the part sends back (items, shipping, tax share), less earlier refunds. */
  refundableCents: z.number().int(),
  /** When the seller's step is due (their answer, or confirming the return arrived). */
  dueAt: z.string().nullable(),
  answer: z.enum(["accepted", "offered", "declined", "tracking", "refunded"]).nullable(),
  answerNote: z.string().nullable(),
  answeredAt: z.string().nullable(),
  returnAddress: z.string().nullable(),
  returnShippingPaidBy: z.enum(["buyer", "seller"]).nullable(),
  offerCents: z.number().int().nullable(),
  carrierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedBackAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  expedited: z.boolean(),
  expeditedFeeCents: z.number().int().nullable(),
  decision: z.enum(["refund_full", "refund_partial", "seller"]).nullable(),
  decisionCents: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  refund: z
    .object({ amountCents: z.number().int(), status: z.enum(["pending", "succeeded", "failed"]) })
    .nullable(),
  createdAt: z.string(),
  /** The buyer may ask Tradewinds to step in now. */
  canEscalate: z.boolean(),
});
export type AfterSaleRequest = z.infer<typeof afterSaleRequestSchema>;

/** What the buyer may open about one seller's part of an order, and from when. */
export const returnablePartSchema = z.object({
  seller: person,
  returnReasons: z.array(z.enum(RETURN_REASONS)),
  /** The return window's end for the buyer's own reasons (null: none, or not delivered yet). */
  returnUntil: z.string().nullable(),
  canReturn: z.boolean(),
  /** When "not received" may be opened (null: not shipped, picked up, or received). */
  notReceivedFrom: z.string().nullable(),
  canReportNotReceived: z.boolean(),
});

/** GET /api/orders/{id}/returns: the order's requests (a seller sees their part's), and what the buyer may open. */
export const orderReturnsSchema = z.object({
  items: z.array(afterSaleRequestSchema),
  parts: z.array(returnablePartSchema),
});
export type OrderReturns = z.infer<typeof orderReturnsSchema>;

/** GET /api/me/returns: the buyer's requests (role=buyer) or those made to the seller (role=seller). */
export const myReturnsQuerySchema = z.object({
  role: z.enum(["buyer", "seller"]).default("buyer"),
});
export const returnsListSchema = z.object({ items: z.array(afterSaleRequestSchema) });
export type ReturnsList = z.infer<typeof returnsListSchema>;

/** GET /api/admin/cases: cases waiting for staff first, then decided ones. */
export const casesQuerySchema = z.object({ status: z.enum(["open", "decided"]).default("open") });

/** GET /api/admin/cases/{id}: the case with the buyer's and seller's messages about the order. */
export const caseDetailsSchema = z.object({
  request: afterSaleRequestSchema,
  messages: z.array(
    z.object({ senderId: z.string(), sender: z.string(), text: z.string(), createdAt: z.string() }),
  ),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type CaseDetails = z.infer<typeof caseDetailsSchema>;
