import { z } from "zod";
import {
  DEFAULT_HANDLING_DAYS,
  DEST_GROUPS,
  MAX_HANDLING_DAYS,
  SHIPPING_SERVICES,
  WORLD_DESTINATION,
} from "../delivery";

/** One row of a listing's shipping table (core/delivery.ts): a group shipped to, by what, for how much. */
export const shippingOptionSchema = z.object({
  group: z.enum(DEST_GROUPS, { message: `group must be one of ${DEST_GROUPS.join(", ")}` }),
  service: z.enum(SHIPPING_SERVICES, {
    message: `service must be one of ${SHIPPING_SERVICES.join(", ")}`,
  }),
  costCents: z
    .number({ message: "Shipping cost must be a number" })
    .int("Shipping cost must be in whole cents")
    .min(0, "Shipping cost must not be negative")
    .max(100_000_000, "Shipping cost is too high"),
});

export const handlingDaysField = z
  .number({ message: "Handling time must be a number" })
  .int("Handling time must be a whole number of business days")
  .min(0, "Handling time must not be negative")
  .max(MAX_HANDLING_DAYS, `Handling time must be at most ${MAX_HANDLING_DAYS} business days`);

/** The wizard's and the edit form's table: one row per group shipped to, each group once. */
export const shippingOptionsField = z
  .array(shippingOptionSchema)
  .max(DEST_GROUPS.length)
  .refine(
    (rows) => new Set(rows.map((r) => r.group)).size === rows.length,
    "Each destination group may appear once",
  );

export const NO_DELIVERY_MESSAGE = "Ship to at least one destination, or offer local pickup";

/** What the listing page needs to say, for the buyer's territory, whether, how and when it ships. */
export const listingDeliverySchema = z.object({
  /** The item's territory slug: the destination group is judged from it. */
  originSlug: z.string(),
  handlingDays: z.number().int(),
  options: z.array(shippingOptionSchema),
});
export type ListingDelivery = z.infer<typeof listingDeliverySchema>;

/** A territory slug, or "world" for a buyer outside every territory. */
export const deliverToField = z
  .string({ message: "Deliver to must be a territory" })
  .trim()
  .min(1, "Deliver to must be a territory")
  .max(100, "Deliver to is too long");

/** Why an order cannot be placed or paid before it says where it goes (422 deliver_to_required). */
export const DELIVER_TO_REQUIRED_MESSAGE = "Choose where this order is delivered to.";

/** GET and PUT /api/me/deliver-to: the account's "Deliver to" (null: never chosen). */
export const deliverToSchema = z.object({ deliverTo: deliverToField.nullable() });
export type DeliverTo = z.infer<typeof deliverToSchema>;

export { DEFAULT_HANDLING_DAYS, WORLD_DESTINATION };
