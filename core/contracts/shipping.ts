import { z } from "zod";

/** Business days a seller has, after payment, to mark a sale shipped (spec: the handling time). */
export const HANDLING_TIME_BUSINESS_DAYS = 3;
export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 40;

/** Letters, digits, spaces and dashes: what carriers print; spaces and dashes are dropped. */
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/**
 * POST /api/orders/{id}/shipments: the seller's part of the order shipped with a carrier (a key of
 * core/carriers.ts, or the name of another) and a tracking number, or ready for local pickup.
 */
export const shipRequestSchema = z
  .object({
    carrier: z
      .string({ message: "carrier must be text" })
      .trim()
      .max(MAX_CARRIER_LENGTH, `Carrier must be at most ${MAX_CARRIER_LENGTH} characters`)
      .optional(),
    trackingNumber: z
      .string({ message: "trackingNumber must be text" })
      .trim()
      .max(
        MAX_TRACKING_NUMBER_LENGTH,
        `Tracking number must be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`,
      )
      .optional(),
    localPickup: z.literal(true, { message: "localPickup must be true when given" }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.localPickup) {
      if (body.carrier || body.trackingNumber)
        ctx.addIssue({
          code: "custom",
          path: ["localPickup"],
          message: "A local pickup has no carrier or tracking number",
        });
      return;
    }
    if (!body.carrier || body.carrier.length < 2)
      ctx.addIssue({ code: "custom", path: ["carrier"], message: "Choose or enter the carrier" });
    if (!body.trackingNumber)
      ctx.addIssue({
        code: "custom",
        path: ["trackingNumber"],
        message: "Enter the tracking number",
      });
    else if (!TRACKING_NUMBER.test(body.trackingNumber))
      ctx.addIssue({
        code: "custom",
        path: ["trackingNumber"],
        message: "Tracking number may have only letters, digits, spaces and dashes",
      });
  });
export type ShipRequest = z.infer<typeof shipRequestSchema>;

/** A tracking number as stored and linked: without the spaces and dashes printed in it. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/[\s-]+/g, "");
}

/** One seller's part of an order on its way, as both sides see it. */
export const shipmentSchema = z.object({
  method: z.enum(["shipped", "pickup"]),
  /** A key of core/carriers.ts or the name the seller typed; null for pickup. */
  carrier: z.string().nullable(),
  /** What to show: the known carrier's name, or the typed name. */
  carrierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's page for this number; null for pickup, unknown carriers and those with none. */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  receivedAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** What /my/selling needs to offer Mark as shipped on a sold line, and to show its state. */
export const saleShippingSchema = z.object({
  shipment: shipmentSchema.nullable(),
  /** Every line of this seller in the order is from a listing offering local pickup. */
  localPickup: z.boolean(),
  /** Paid, and neither cancelled nor with a cancellation asked or accepted: it may ship. */
  canShip: z.boolean(),
  /** Not shipped within the handling time; both sides were told. */
  late: z.boolean(),
});
export type SaleShipping = z.infer<typeof saleShippingSchema>;

/** POST /api/orders/{id}/received answers the order's shipments the buyer just received. */
export const receivedResponseSchema = z.object({ received: z.number().int() });
