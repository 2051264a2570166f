import { z } from "zod";
import { SUBTITLE_MAX, UPGRADE_IDS } from "../fees";
import {
  AUCTION_DURATIONS_DAYS,
  DEFAULT_AUCTION_DAYS,
  MAX_PHOTOS_PER_LISTING,
  RETURN_POLICY_DAYS,
} from "../limits";
import { CONDITION_VALUES, LISTING_KINDS, normalizeKind } from "../listing";
import { OFFER_MESSAGES } from "../offers";
import { LISTING_MODERATION } from "./admin";
import { listingImageSchema, sellerSummarySchema } from "./browse";
import { handlingDaysField, shippingOptionSchema, shippingOptionsField } from "./delivery";

/** Limits of the listing form, read by the wizard and the server alike. */
export const LISTING_LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
  priceMaxCents: 100_000_000,
  quantityMax: 10_000,
  specificationsMax: 20,
  specKeyMax: 60,
  specValueMax: 200,
} as const;

// ---------- uploads ----------

export const uploadResultSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

// ---------- create and edit ----------

const cents = (label: string, min: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number of cents`)
    .min(min, min === 0 ? `${label} must not be negative` : `${label} must be at least $0.01`)
    .max(LISTING_LIMITS.priceMaxCents, `${label} is too large`);

const kindField = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    const kind = normalizeKind(value ?? undefined);
    if (!kind) {
      ctx.addIssue({ code: "custom", message: "Choose Fixed Price or Auction" });
      return z.NEVER;
    }
    return kind;
  });

export const specificationRowSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, "Each specification needs a name")
    .max(LISTING_LIMITS.specKeyMax, `Names are at most ${LISTING_LIMITS.specKeyMax} characters`),
  value: z
    .string()
    .trim()
    .min(1, "Each specification needs a value")
    .max(
      LISTING_LIMITS.specValueMax,
      `Values are at most ${LISTING_LIMITS.specValueMax} characters`,
    ),
});

const listingFields = {
  title: z
    .string({ message: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(LISTING_LIMITS.titleMax, `Title must be at most ${LISTING_LIMITS.titleMax} characters`),
  /** Top-level category slug. */
  category: z.string({ message: "Category is required" }).trim().min(1, "Category is required"),
  /** Subcategory slug, a child of `category`. */
  subcategory: z.string().trim().min(1).nullish(),
  /** Territory id or slug. */
  territory: z.string({ message: "Territory is required" }).trim().min(1, "Territory is required"),
  condition: z.enum(CONDITION_VALUES, { message: "Condition is required" }),
  description: z
    .string({ message: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(
      LISTING_LIMITS.descriptionMax,
      `Description must be at most ${LISTING_LIMITS.descriptionMax} characters`,
    ),
  specifications: z
    .array(specificationRowSchema)
    .max(
      LISTING_LIMITS.specificationsMax,
      `At most ${LISTING_LIMITS.specificationsMax} specifications`,
    )
    .default([]),
  /** Upload ids in display order; the first is the thumbnail. */
  imageIds: z
    .array(z.uuid({ message: "Unknown photo" }))
    .max(MAX_PHOTOS_PER_LISTING, `You can add up to ${MAX_PHOTOS_PER_LISTING} photos`)
    .refine((ids) => new Set(ids).size === ids.length, "The same photo is listed twice")
    .default([]),
  /** Fixed price: the price; auction: the starting price. */
  priceCents: cents("Price", 1),
  quantity: z
    .number({ message: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(LISTING_LIMITS.quantityMax, `Quantity must be at most ${LISTING_LIMITS.quantityMax}`)
    .default(1),
  shippingCents: cents("Shipping price", 0),
  returnPolicyDays: z
    .number()
    .refine((d) => (RETURN_POLICY_DAYS as readonly number[]).includes(d), {
      message: `Return policy must be one of ${RETURN_POLICY_DAYS.join(", ")} days`,
    })
    .default(30),
  localPickup: z.boolean().default(false),
  /** Business days to dispatch after payment (default: the old fixed 3). */
  handlingDays: handlingDaysField.optional(),
  /**
   * Where it ships (issue 29): absent, within its territory and to the other Caribbean
   * territories, standard, at `shippingCents`; given, `shippingCents` becomes its lowest cost.
   */
  shippingOptions: shippingOptionsField.optional(),
  durationDays: z
    .number()
    .refine((d) => (AUCTION_DURATIONS_DAYS as readonly number[]).includes(d), {
      message: `Duration must be ${AUCTION_DURATIONS_DAYS.join(", ")} days`,
    })
    .default(DEFAULT_AUCTION_DAYS),
  reservePriceCents: cents("Reserve price", 1).nullish(),
  buyItNowPriceCents: cents("Buy It Now price", 1).nullish(),
  /** Best Offer, on Buy It Now listings only. */
  acceptsOffers: z.boolean().default(false),
  /** The seller's secret thresholds: offers at or above are accepted, below declined, at once. */
  autoAcceptCents: cents("Automatic accept amount", 1).nullish(),
  autoDeclineCents: cents("Automatic decline amount", 1).nullish(),
  /**
   * Paid upgrades (core/fees.ts UPGRADES) the listing should show. Each is charged once per
   * listing, when first chosen; unticking one gives no refund and ticking it again costs nothing.
   */
  upgrades: z
    .array(z.enum(UPGRADE_IDS, { message: "Unknown upgrade" }))
    .refine((ids) => new Set(ids).size === ids.length, "The same upgrade is listed twice")
    .default([]),
  /** The Subtitle upgrade's text: required with it, ignored (cleared) without it. */
  subtitle: z
    .string()
    .trim()
    .max(SUBTITLE_MAX, `The subtitle must be at most ${SUBTITLE_MAX} characters`)
    .nullish(),
};

export const SUBTITLE_REQUIRED_MESSAGE = "Write the subtitle, or untick Subtitle";

/**
 * A subtitle bought needs its words. An edit that leaves `subtitle` out keeps the stored one (the
 * server checks that one).
 */
function subtitleRule(
  v: { upgrades?: readonly string[]; subtitle?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.upgrades?.includes("subtitle") && !v.subtitle && v.subtitle !== undefined)
    ctx.addIssue({ code: "custom", path: ["subtitle"], message: SUBTITLE_REQUIRED_MESSAGE });
}

/**
 * Best Offer's automatic amounts lie below the price, the decline one below the accept one; the
 * server applies this again to the stored values an edit leaves in place.
 */
export function offerSettingsIssues(v: {
  priceCents?: number;
  autoAcceptCents?: number | null;
  autoDeclineCents?: number | null;
}): { path: "autoAcceptCents" | "autoDeclineCents"; message: string }[] {
  const issues: { path: "autoAcceptCents" | "autoDeclineCents"; message: string }[] = [];
  if (v.priceCents !== undefined) {
    if (v.autoAcceptCents != null && v.autoAcceptCents >= v.priceCents)
      issues.push({ path: "autoAcceptCents", message: OFFER_MESSAGES.autoBelowPrice });
    if (v.autoDeclineCents != null && v.autoDeclineCents >= v.priceCents)
      issues.push({ path: "autoDeclineCents", message: OFFER_MESSAGES.autoBelowPrice });
  }
  if (
    v.autoAcceptCents != null &&
    v.autoDeclineCents != null &&
    v.autoDeclineCents >= v.autoAcceptCents
  )
    issues.push({ path: "autoDeclineCents", message: OFFER_MESSAGES.autoRange });
  return issues;
}

/** Rules that join two fields; the server applies them again after reading the database. */
function auctionPriceRules(
  v: {
    kind?: string;
    priceCents?: number;
    reservePriceCents?: number | null;
    buyItNowPriceCents?: number | null;
    autoAcceptCents?: number | null;
    autoDeclineCents?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.kind !== "auction")
    for (const issue of offerSettingsIssues(v))
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  if (v.kind !== "auction" || v.priceCents === undefined) return;
  if (v.reservePriceCents != null && v.reservePriceCents < v.priceCents)
    ctx.addIssue({
      code: "custom",
      path: ["reservePriceCents"],
      message: "The reserve price must not be below the starting price",
    });
  const floor = Math.max(v.priceCents, v.reservePriceCents ?? 0);
  if (v.buyItNowPriceCents != null && v.buyItNowPriceCents <= floor)
    ctx.addIssue({
      code: "custom",
      path: ["buyItNowPriceCents"],
      message: "The Buy It Now price must be above the starting and reserve prices",
    });
}

export const createListingSchema = z
  .object({
    kind: kindField,
    ...listingFields,
    /**
     * Sell similar and Relist: the seller's listing this one is copied from. Its photos may then
     * be named by their ids (as GET /api/listings/{id}/edit gives them) and are shared, not moved.
     */
    sourceListingId: z.uuid({ message: "Unknown listing" }).nullish(),
    /**
     * Relist: the source ended without a sale (422 otherwise) and its watchers are told of the new
     * listing.
     */
    relist: z.boolean().optional(),
  })
  .superRefine(auctionPriceRules)
  .superRefine((v, ctx) => subtitleRule({ ...v, subtitle: v.subtitle ?? null }, ctx));
export type CreateListingInput = z.input<typeof createListingSchema>;
export type CreateListing = z.output<typeof createListingSchema>;

/**
 * Every field may change while an auction has no bids; after the first bid only `description`
 * and `imageIds` may (the server answers 422 otherwise).
 */
export const updateListingSchema = z
  .object({
    kind: kindField.optional(),
    title: listingFields.title.optional(),
    category: listingFields.category.optional(),
    subcategory: listingFields.subcategory,
    territory: listingFields.territory.optional(),
    condition: listingFields.condition.optional(),
    description: listingFields.description.optional(),
    specifications: z
      .array(specificationRowSchema)
      .max(LISTING_LIMITS.specificationsMax)
      .optional(),
    imageIds: z
      .array(z.uuid({ message: "Unknown photo" }))
      .max(MAX_PHOTOS_PER_LISTING, `You can add up to ${MAX_PHOTOS_PER_LISTING} photos`)
      .refine((ids) => new Set(ids).size === ids.length, "The same photo is listed twice")
      .optional(),
    priceCents: cents("Price", 1).optional(),
    quantity: z
      .number({ message: "Quantity must be a number" })
      .int("Quantity must be a whole number")
      .min(1, "Quantity must be at least 1")
      .max(LISTING_LIMITS.quantityMax, `Quantity must be at most ${LISTING_LIMITS.quantityMax}`)
      .optional(),
    shippingCents: cents("Shipping price", 0).optional(),
    returnPolicyDays: z
      .number()
      .refine((d) => (RETURN_POLICY_DAYS as readonly number[]).includes(d), {
        message: `Return policy must be one of ${RETURN_POLICY_DAYS.join(", ")} days`,
      })
      .optional(),
    localPickup: z.boolean().optional(),
    handlingDays: handlingDaysField.optional(),
    shippingOptions: shippingOptionsField.optional(),
    durationDays: z
      .number()
      .refine((d) => (AUCTION_DURATIONS_DAYS as readonly number[]).includes(d), {
        message: `Duration must be ${AUCTION_DURATIONS_DAYS.join(", ")} days`,
      })
      .optional(),
    reservePriceCents: cents("Reserve price", 1).nullish(),
    buyItNowPriceCents: cents("Buy It Now price", 1).nullish(),
    acceptsOffers: z.boolean().optional(),
    autoAcceptCents: listingFields.autoAcceptCents,
    autoDeclineCents: listingFields.autoDeclineCents,
    /** The upgrades it should show from now on (omitted: unchanged); new ones are charged. */
    upgrades: listingFields.upgrades.removeDefault().optional(),
    subtitle: listingFields.subtitle,
  })
  .superRefine(auctionPriceRules)
  .superRefine(subtitleRule);
export type UpdateListingInput = z.input<typeof updateListingSchema>;
export type UpdateListing = z.output<typeof updateListingSchema>;

/** What the edit form needs beyond the public detail: the hidden prices and the photo ids. */
export const editableListingSchema = z.object({
  id: z.string(),
  kind: z.enum(LISTING_KINDS),
  title: z.string(),
  category: z.string(),
  subcategory: z.string().nullable(),
  territory: z.string(),
  condition: z.string().nullable(),
  description: z.string(),
  specifications: z.array(z.object({ key: z.string(), value: z.string() })),
  images: z.array(uploadResultSchema),
  priceCents: z.number().int(),
  quantity: z.number().int(),
  shippingCents: z.number().int(),
  returnPolicyDays: z.number().int(),
  localPickup: z.boolean(),
  handlingDays: z.number().int(),
  shippingOptions: z.array(shippingOptionSchema),
  durationDays: z.number().int().nullable(),
  reservePriceCents: z.number().int().nullable(),
  buyItNowPriceCents: z.number().int().nullable(),
  acceptsOffers: z.boolean(),
  autoAcceptCents: z.number().int().nullable(),
  autoDeclineCents: z.number().int().nullable(),
  /** After an auction's first bid only the description and photos may change. */
  locked: z.boolean(),
  /** Ended without a sale: the Relist form may copy it (POST /api/listings with `relist`). */
  canRelist: z.boolean(),
  /** The upgrades it shows now, and those already paid for (ticking one again costs nothing). */
  upgrades: z.array(z.enum(UPGRADE_IDS)),
  paidUpgrades: z.array(z.enum(UPGRADE_IDS)),
  subtitle: z.string().nullable(),
});
export type EditableListing = z.infer<typeof editableListingSchema>;

// ---------- my selling ----------

export const SELLING_STATUSES = ["active", "ended", "sold", "out_of_stock"] as const;
export type SellingStatus = (typeof SELLING_STATUSES)[number];

export const myListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(LISTING_KINDS),
  image: listingImageSchema.nullable(),
  priceCents: z.number().int(),
  /** Current bid ?? start price for auctions, the price otherwise. */
  displayPriceCents: z.number().int(),
  quantity: z.number().int(),
  /** Shown capitalised: Active, Ended, Sold, Out of stock. */
  status: z.enum(SELLING_STATUSES),
  bidCount: z.number().int().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  /** Units sold through paid orders. */
  soldCount: z.number().int(),
  /** Delete is refused once a listing has bids or orders. */
  canDelete: z.boolean(),
  /** After an auction's first bid only the description and photos may change. */
  locked: z.boolean(),
  /** Ended without a sale, so it may be relisted (POST /api/listings with `relist`). */
  canRelist: z.boolean(),
  /** Held for review, removed by a moderator, or hidden with a suspended seller; and why. */
  moderation: z.enum(LISTING_MODERATION),
  moderationReason: z.string().nullable(),
  acceptsOffers: z.boolean(),
  /** Offers waiting for the seller's answer. */
  openOfferCount: z.number().int(),
});
export type MyListing = z.infer<typeof myListingSchema>;
export const myListingsSchema = z.object({ items: z.array(myListingSchema) });
export type MyListings = z.infer<typeof myListingsSchema>;

/**
 * A created or changed listing: `moderation` is 'held' (with the reason) when a listing rule
 * matched it, so the seller is told at once why it is not live yet.
 */
export const createdListingSchema = z.object({
  id: z.string(),
  moderation: z.enum(LISTING_MODERATION),
  moderationReason: z.string().nullable(),
  /** The upgrades this save bought (charged now), and what they cost together. */
  chargedUpgrades: z.array(z.enum(UPGRADE_IDS)).optional(),
  upgradeFeesCents: z.number().int().optional(),
});

// ---------- store ----------

export const storeSchema = z.object({
  seller: sellerSummarySchema.extend({
    memberSince: z.string(),
    /** The store's name (the username while the seller has not named it) and introduction. */
    storeName: z.string(),
    storeDescription: z.string().nullable(),
  }),
  activeListingCount: z.number().int(),
});
export type Store = z.infer<typeof storeSchema>;
