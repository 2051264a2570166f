import { z } from "zod";
import { OFFER_MESSAGES, OFFER_RULES, OFFER_STATUSES } from "../offers";
import { listingImageSchema } from "./browse";
import { pageOf } from "./common";

const amount = z
  .number({ message: OFFER_MESSAGES.invalidAmount })
  .int(OFFER_MESSAGES.invalidAmount)
  .positive(OFFER_MESSAGES.invalidAmount)
  .max(1_000_000_000, OFFER_MESSAGES.invalidAmount);

const message = z
  .string()
  .trim()
  .max(OFFER_RULES.messageMax, `A message must be at most ${OFFER_RULES.messageMax} characters`)
  .optional()
  .transform((m) => (m ? m : null));

/** POST /api/listings/{id}/offers: a buyer's offer. */
export const makeOfferSchema = z.object({
  amountCents: amount,
  quantity: z
    .number({ message: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .default(1),
  message,
});
export type MakeOfferInput = z.input<typeof makeOfferSchema>;

/** POST /api/offers/{id}/decline: an optional word to the other side. */
export const declineOfferSchema = z.object({ message });
export type DeclineOfferInput = z.input<typeof declineOfferSchema>;

/** POST /api/offers/{id}/counter: the seller's counter to an offer, or the buyer's to a counter. */
export const counterOfferSchema = z.object({ amountCents: amount, message });
export type CounterOfferInput = z.input<typeof counterOfferSchema>;

/**
 * One offer as its buyer or its seller sees it. `amountCents` is what the buyer offered;
 * `counterCents` the seller's answer while there is one. The seller's automatic amounts are never
 * here: they are the seller's alone (GET /api/my/listings/{id}/edit).
 */
export const offerSchema = z.object({
  id: z.string(),
  status: z.enum(OFFER_STATUSES),
  amountCents: z.number().int(),
  quantity: z.number().int(),
  message: z.string().nullable(),
  counterCents: z.number().int().nullable(),
  counterMessage: z.string().nullable(),
  /** Why it was declined, in the decliner's words or the site's. */
  declineMessage: z.string().nullable(),
  /** Which side must answer next; null once it is over. */
  awaiting: z.enum(["seller", "buyer"]).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The agreed order, once accepted: paid through Pay now (/checkout?order=). */
  orderId: z.string().nullable(),
  orderStatus: z.enum(["pending", "paid", "cancelled", "expired"]).nullable(),
  listing: z.object({
    id: z.string(),
    title: z.string(),
    priceCents: z.number().int(),
    image: listingImageSchema.pick({ thumbUrl: true, width: true, height: true }).nullable(),
  }),
  /** The other side: the seller sees the buyer's name, the buyer the seller's. */
  buyer: z.object({ id: z.string(), username: z.string() }),
  seller: z.object({ id: z.string(), username: z.string() }),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerPageSchema = pageOf(offerSchema);
export type OfferPage = z.infer<typeof offerPageSchema>;

/** GET /api/listings/{id}/offers/mine: the signed-in buyer's offers on one listing. */
export const myListingOffersSchema = z.object({
  items: z.array(offerSchema),
  /** How many more offers they may make on it (of OFFER_RULES.maxOffersPerBuyer). */
  offersLeft: z.number().int(),
});
export type MyListingOffers = z.infer<typeof myListingOffersSchema>;

/** GET /api/my/offers?role=: the buyer's offers (Bids & Offers) or the seller's received ones. */
export const offerListQuerySchema = z.object({
  role: z.enum(["buyer", "seller"]).default("buyer"),
  /** The seller's offers on one listing (Selling's "Offers" view). */
  listingId: z.uuid({ message: "listingId must be a UUID" }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
