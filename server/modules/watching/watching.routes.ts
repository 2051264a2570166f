import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../core/contracts/common";
import {
  createSavedSearchSchema,
  followedIdsSchema,
  followedSellerPageSchema,
  followedSellerSchema,
  followedSellersQuerySchema,
  listingIdParam,
  savedSearchListSchema,
  savedSearchSchema,
  sellerIdParam,
  updateFollowSchema,
  updateSavedSearchSchema,
  watchedIdsSchema,
  watchlistPageSchema,
  watchlistQuerySchema,
  watchStateSchema,
} from "../../../core/contracts/watching";
import { apiErrorSchema } from "../../../core/errors";
import { MAX_FOLLOWED_SELLERS, MAX_SAVED_SEARCHES, MAX_WATCHED_ITEMS } from "../../../core/limits";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import {
  followedIds,
  followSeller,
  listFollowedSellers,
  unfollowSeller,
  updateFollow,
} from "./followed-sellers.service";
import {
  createSavedSearch,
  deleteSavedSearch,
  getSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from "./saved-searches.service";
import { listWatchlist, unwatchListing, watchedIds, watchListing } from "./watchlist.service";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const SIGN_IN = "Please sign in to see your watchlist.";
const WATCH_SIGN_IN = "Please login to add items to your watchlist.";
// Toggling is a click; 120 a minute is more than any hand makes and stops a script filling tables.
const writes = { config: perUserRateLimit(120) };

/**
 * The signed-in user's watchlist, saved searches and followed sellers. Everything is the caller's
 * own: another user's saved search answers 404, as if it did not exist.
 */
export const watchingRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------- watchlist ----------
  app.get(
    "/me/watchlist",
    {
      config: { apiTokenScope: "read" },
      schema: {
        tags: ["watching"],
        summary: "Your watchlist, filtered and sorted",
        description:
          "filter: all, ending_soon (auctions ending within 24 hours), active, ended (ended, sold or " +
          "sold out). sort: ending_soonest (open auctions by end, then open items, then ended), " +
          "newly_listed, price_lowest, price_highest (price: highest bid, else start or Buy It Now price).",
        querystring: watchlistQuerySchema,
        response: { 200: watchlistPageSchema, ...errors },
      },
    },
    async (request) => listWatchlist(app.db, requireUser(request, SIGN_IN).id, request.query),
  );

  app.get(
    "/me/watchlist/ids",
    {
      config: { apiTokenScope: "read" },
      schema: {
        tags: ["watching"],
        summary: "The ids of the listings on your watchlist (newest first)",
        response: { 200: watchedIdsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => watchedIds(app.db, requireUser(request, SIGN_IN).id),
  );

  app.put(
    "/me/watchlist/:listingId",
    {
      ...writes,
      schema: {
        tags: ["watching"],
        summary: "Watch a listing (watching it already changes nothing)",
        description: `422 cannot_watch_own for your own listing, 422 watch_limit_reached past ${MAX_WATCHED_ITEMS} items.`,
        params: listingIdParam,
        response: { 200: watchStateSchema, ...errors, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) =>
      watchListing(app.db, requireUser(request, WATCH_SIGN_IN).id, request.params.listingId),
  );

  app.delete(
    "/me/watchlist/:listingId",
    {
      ...writes,
      schema: {
        tags: ["watching"],
        summary: "Stop watching a listing (not watching it changes nothing)",
        params: listingIdParam,
        response: { 200: watchStateSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) =>
      unwatchListing(app.db, requireUser(request, SIGN_IN).id, request.params.listingId),
  );

  // ---------- saved searches ----------
  app.get(
    "/me/saved-searches",
    {
      config: { apiTokenScope: "read" },
      schema: {
        tags: ["watching"],
        summary: "Your saved searches, newest first",
        response: { 200: savedSearchListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listSavedSearches(app.db, requireUser(request, SIGN_IN).id),
  );

  app.post(
    "/me/saved-searches",
    {
      ...writes,
      schema: {
        tags: ["watching"],
        summary: "Save a search: a name and the /api/listings parameters",
        description:
          "The query is checked as /api/listings checks it (400 naming the bad parameter), stored " +
          `without page and defaults, and described in words. 422 watch_limit_reached past ${MAX_SAVED_SEARCHES}. ` +
          "With notifications on, a new listing it finds raises a saved_search_match notification; " +
          "its emails come as a digest, at most one a day per saved search. A search the caller already " +
          "saved (the same stored query) is not saved twice: the answer is that one, unchanged, with 200.",
        body: createSavedSearchSchema,
        response: {
          200: savedSearchSchema,
          201: savedSearchSchema,
          ...errors,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { search, created } = await createSavedSearch(
        app.db,
        requireUser(request, SIGN_IN).id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(search);
    },
  );

  app.get(
    "/me/saved-searches/:id",
    {
      schema: {
        tags: ["watching"],
        summary: "One of your saved searches",
        params: idParam,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (request) => getSavedSearch(app.db, requireUser(request, SIGN_IN).id, request.params.id),
  );

  app.patch(
    "/me/saved-searches/:id",
    {
      ...writes,
      schema: {
        tags: ["watching"],
        summary: "Rename a saved search, change its filters or turn its notifications on or off",
        params: idParam,
        description:
          "409 search_already_saved when the new filters are those of another of your saved searches.",
        body: updateSavedSearchSchema,
        response: { 200: savedSearchSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) =>
      updateSavedSearch(app.db, requireUser(request, SIGN_IN).id, request.params.id, request.body),
  );

  app.delete(
    "/me/saved-searches/:id",
    {
      ...writes,
      schema: {
        tags: ["watching"],
        summary: "Delete a saved search",
        params: idParam,
        response: { 204: z.null(), ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(app.db, requireUser(request, SIGN_IN).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---------- followed sellers ----------
  app.get(
    "/me/followed-sellers",
    {
      config: { apiTokenScope: "read" },
      schema: {
        tags: ["watching"],
        summary: "The sellers you follow, most recently followed first",
        querystring: followedSellersQuerySchema,
        response: { 200: followedSellerPageSchema, ...errors },
      },
    },
    async (request) => listFollowedSellers(app.db, requireUser(request, SIGN_IN).id, request.query),
  );

  app.get(
    "/me/followed-sellers/ids",
    {
      schema: {
        tags: ["watching"],
        summary: "The ids of the sellers you follow",
        response: { 200: followedIdsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => followedIds(app.db, requireUser(request, SIGN_IN).id),
  );

  app.put(
    "/me/followed-sellers/:sellerId",
    {
      ...writes,
      schema: {
        tags: ["watching"],
        summary: "Follow a seller (following already changes nothing)",
        description: `422 cannot_watch_own for yourself, 422 watch_limit_reached past ${MAX_FOLLOWED_SELLERS} sellers.`,
        params: sellerIdParam,
        response: {
          200: followedSellerSchema,
          ...errors,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      followSeller(
        app.db,
        requireUser(request, "Please sign in to follow sellers.").id,
        request.params.sellerId,
      ),
  );

  app.patch(
    "/me/followed-sellers/:sellerId",
    {
      ...writes,
      schema: {
        tags: ["watching"],
        summary: "Turn notifications of a followed seller's new listings on or off",
        params: sellerIdParam,
        body: updateFollowSchema,
        response: { 200: followedSellerSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) =>
      updateFollow(app.db, requireUser(request, SIGN_IN).id, request.params.sellerId, request.body),
  );

  app.delete(
    "/me/followed-sellers/:sellerId",
    {
      ...writes,
      schema: {
        tags: ["watching"],
        summary: "Unfollow a seller",
        params: sellerIdParam,
        response: { 204: z.null(), ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await unfollowSeller(app.db, requireUser(request, SIGN_IN).id, request.params.sellerId);
      return reply.status(204).send(null);
    },
  );
};
