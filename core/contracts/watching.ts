import { z } from "zod";
import { WATCH_MESSAGES } from "../watch-messages";
import { listingCardSchema, sellerSummarySchema } from "./browse";
import { pageOf, paginationQuery } from "./common";

export { WATCH_MESSAGES };

// ---------- watchlist ----------

export const WATCHLIST_FILTERS = ["all", "ending_soon", "active", "ended"] as const;
export type WatchlistFilter = (typeof WATCHLIST_FILTERS)[number];
export const WATCHLIST_SORTS = [
  "ending_soonest",
  "newly_listed",
  "price_lowest",
  "price_highest",
] as const;
export type WatchlistSort = (typeof WATCHLIST_SORTS)[number];

export const watchlistQuerySchema = z.object({
  filter: z
    .enum(WATCHLIST_FILTERS, { message: `filter must be one of ${WATCHLIST_FILTERS.join(", ")}` })
    .default("all"),
  sort: z
    .enum(WATCHLIST_SORTS, { message: `sort must be one of ${WATCHLIST_SORTS.join(", ")}` })
    .default("ending_soonest"),
  ...paginationQuery,
});
export type WatchlistQuery = z.infer<typeof watchlistQuerySchema>;

export const watchlistItemSchema = z.object({
  /** The listing as a card shows it (price is the highest bid, or the start or Buy It Now price). */
  listing: listingCardSchema,
  watchedAt: z.string(),
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;
export const watchlistPageSchema = pageOf(watchlistItemSchema);
export type WatchlistPage = z.infer<typeof watchlistPageSchema>;

/** The ids on the caller's watchlist: the hearts on cards and the listing page's button. */
export const watchedIdsSchema = z.object({ ids: z.array(z.string()) });
export type WatchedIds = z.infer<typeof watchedIdsSchema>;

/** Answer to watching or unwatching: the new state and how many people watch it now. */
export const watchStateSchema = z.object({
  listingId: z.string(),
  watching: z.boolean(),
  watcherCount: z.number().int(),
});
export type WatchState = z.infer<typeof watchStateSchema>;

// ---------- saved searches ----------

/**
 * A saved search's query: the /listings (and /api/listings) URL parameters, as strings (a
 * repeatable one, like condition, as a list). The server checks them with the listings query
 * schema and stores only the filters (no page), in a canonical form.
 */
export const savedSearchQuerySchema = z.record(
  z.string().max(40),
  z.union([z.string().max(200), z.array(z.string().max(200)).max(20)]),
);
export type SavedSearchQuery = z.infer<typeof savedSearchQuerySchema>;

const searchName = z
  .string({ message: WATCH_MESSAGES.searchNameRequired })
  .trim()
  .min(1, WATCH_MESSAGES.searchNameRequired)
  .max(80, "The name must be at most 80 characters");

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: savedSearchQuerySchema,
  /** The filters in words ("guitar" in Music, Jamaica, $10.00 to $50.00, auctions). */
  description: z.string(),
  notificationsEnabled: z.boolean(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

export const createSavedSearchSchema = z.object({
  name: searchName,
  query: savedSearchQuerySchema,
  notificationsEnabled: z.boolean().default(true),
});
export type CreateSavedSearch = z.input<typeof createSavedSearchSchema>;

export const updateSavedSearchSchema = z
  .object({
    name: searchName.optional(),
    query: savedSearchQuerySchema.optional(),
    notificationsEnabled: z.boolean().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), {
    message: "Nothing to change",
  });
export type UpdateSavedSearch = z.input<typeof updateSavedSearchSchema>;

// ---------- followed sellers ----------

export const followedSellerSchema = z.object({
  seller: sellerSummarySchema.extend({
    /** The seller's store name, or their username while they have not named it. */
    storeName: z.string(),
    storeDescription: z.string().nullable(),
  }),
  notificationsEnabled: z.boolean(),
  followedAt: z.string(),
});
export type FollowedSeller = z.infer<typeof followedSellerSchema>;
export const followedSellerPageSchema = pageOf(followedSellerSchema);
export type FollowedSellerPage = z.infer<typeof followedSellerPageSchema>;
export const followedSellersQuerySchema = z.object({ ...paginationQuery });

/** The ids of the sellers the caller follows: the Follow buttons' state. */
export const followedIdsSchema = z.object({ ids: z.array(z.string()) });
export type FollowedIds = z.infer<typeof followedIdsSchema>;

export const updateFollowSchema = z.object({ notificationsEnabled: z.boolean() });
export type UpdateFollow = z.infer<typeof updateFollowSchema>;

export const listingIdParam = z.object({
  listingId: z.uuid({ message: "listingId must be a UUID" }),
});
export const sellerIdParam = z.object({
  sellerId: z.uuid({ message: "sellerId must be a UUID" }),
});
