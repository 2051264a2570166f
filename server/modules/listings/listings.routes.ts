import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bidHistorySchema,
  EXACT_TOTAL_LIMIT,
  listingCardListSchema,
  listingCardsQuerySchema,
  listingDetailSchema,
  listingFacetsSchema,
  listingPageSchema,
  listingQuerySchema,
  RECENTLY_SOLD_DAYS,
  RECENTLY_SOLD_SIZE,
  recentlySoldSchema,
  SIMILAR_LISTINGS_SIZE,
} from "../../../core/contracts/browse";
import { idParam, paginationQuery } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { listingFacets } from "./listing-facets";
import {
  createDestinationMemo,
  createOverLimitCache,
  getListing,
  listBids,
  listingCardsByIds,
  recentlySold,
  searchListings,
  similarListings,
} from "./listings.service";
import { clientGone, withQueryLimits } from "./query-limits";

export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per app instance: which searches matched over the exact-total limit lately (listings.service).
  const overLimit = createOverLimitCache();
  // Per app instance: the territories of "delivery by" destinations (listings.service).
  const destinations = createDestinationMemo();
  app.get(
    "/listings",
    {
      schema: {
        tags: ["browse"],
        summary: "Browse and search listings",
        description:
          "`category` is a slug and includes its subcategories; `territory` and `seller` take an id or a slug/username. " +
          "`condition` is repeatable (`used` means any condition but new). `freeShipping` and `localPickup` together " +
          'mean either. `search` matches whole words of titles and descriptions and their English forms ("table" ' +
          'finds "Tables", not "Adjustable"); a phrase in quotes matches that phrase, `or` either word, `-word` ' +
          "excludes (`q` is another name for it; `search` wins when both are given); `includeDescription=false` " +
          "matches titles only. With words the default `sort` is `best_match` (words in the title first, then " +
          "relevance, the day listed, the seller's rating; past 2,000 matches only the newest 200 are ranked, the " +
          "rest follow newest first), without words `newest`. A search with words that finds nothing may answer a " +
          '`suggestion` ("Did you mean"): the text with its unknown words replaced by the nearest title words, ' +
          "given only when it finds something. " +
          "`status`: `active` (default), `ended` (over, unsold), `sold`, `completed` (ended or sold). " +
          "`ending_soon` returns only auctions, soonest first; `most_bids` only auctions, most bids first. " +
          "Prices compare the card price (current bid, else start price, for auctions). `total` is exact up to " +
          "10,000; above that it is 10,000 and `totalIsLowerBound` is true. An unknown parameter is a 400. A query " +
          "that runs past the server's time limit (SEARCH_TIMEOUT_MS) is a 503 `search_timed_out`. " +
          "The first page of a search of listings on sale (not `featured=true`, not one `seller`'s, not sorted by " +
          "`ending_soon` or `most_bids`) also has `pinned`: up to 3 " +
          "matching featured listings, newest first, left out of that page's `items`; `total` and later pages " +
          "are the search's own.",
        querystring: listingQuerySchema,
        response: { 200: listingPageSchema, 400: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) =>
      withQueryLimits(
        app.database,
        app.config.searchTimeoutMs,
        clientGone(reply),
        (db) => searchListings(db, request.query, EXACT_TOTAL_LIMIT, overLimit, destinations, true),
        { replica: app.mayReadReplica(request) },
      ),
  );

  app.get(
    "/listings/facets",
    {
      schema: {
        tags: ["browse"],
        summary: "Counts for the filter panel",
        description:
          "Takes the query of GET /api/listings (paging and sort order aside) and answers how many listings " +
          "each category, kind, condition, delivery option and territory would show. Each group follows " +
          "every filter but its own.",
        querystring: listingQuerySchema,
        response: { 200: listingFacetsSchema, 400: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) =>
      withQueryLimits(
        app.database,
        app.config.searchTimeoutMs,
        clientGone(reply),
        (db) => listingFacets(db, request.query),
        { replica: app.mayReadReplica(request) },
      ),
  );

  app.get(
    "/listings/:id",
    {
      schema: {
        tags: ["browse"],
        summary: "One listing",
        params: idParam,
        response: { 200: listingDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      app.publicRead(request, (db) =>
        getListing(
          db,
          request.params.id,
          request.user?.id ?? null,
          // Staff see held and removed listings too (the seller sees their own).
          request.user?.staffRole != null,
        ),
      ),
  );

  app.get(
    "/listings/:id/bids",
    {
      schema: {
        tags: ["browse"],
        summary: "Visible bid history, newest first",
        description:
          "Bidders are named as eBay does: masked (first and last letter, `k***a`) with their feedback count, " +
          "except to the listing's seller, who sees every name, and to a bidder, who sees their own (`isViewer`). " +
          "A listing that is not an auction has no bid history: 404 `not_auction`. A held or removed listing's " +
          "history is 404 to all but its seller and staff, as the listing is.",
        params: idParam,
        querystring: z.object(paginationQuery),
        response: { 200: bidHistorySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      listBids(
        app.db,
        request.params.id,
        request.query.page,
        request.query.pageSize,
        request.user?.id ?? null,
        // A held or removed listing's bids: its seller and staff only, as its page.
        request.user?.staffRole != null,
      ),
  );

  app.get(
    "/listings/cards",
    {
      schema: {
        tags: ["browse"],
        summary: "Cards for listings by id",
        description:
          "For the home page's recently viewed items, which the browser keeps: `ids` is up to 24 listing ids " +
          "separated by commas, answered in that order, whatever their status (an ended listing shows as ended). " +
          "Ids that match no listing are left out.",
        querystring: listingCardsQuerySchema,
        response: { 200: listingCardListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ items: await listingCardsByIds(app.db, request.query.ids) }),
  );

  app.get(
    "/listings/:id/recently-sold",
    {
      schema: {
        tags: ["browse"],
        summary: "Recently sold items like this one, with their median price",
        description:
          `Up to ${RECENTLY_SOLD_SIZE} public sold listings of the same subcategory (the category when the ` +
          `listing has none) sharing a word of its title, sold in the last ${RECENTLY_SOLD_DAYS} days, newest ` +
          "sale first; `medianPriceCents` is the median of their sale prices (`soldPriceCents`), null with none.",
        params: idParam,
        response: { 200: recentlySoldSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      recentlySold(app.db, request.params.id, RECENTLY_SOLD_SIZE, RECENTLY_SOLD_DAYS),
  );

  app.get(
    "/listings/:id/similar",
    {
      schema: {
        tags: ["browse"],
        summary: "Similar items",
        description:
          `Up to ${SIMILAR_LISTINGS_SIZE} active listings of the same category, never this one: the same ` +
          "subcategory first, then the rest of the category, each nearest in card price first, then newest.",
        params: idParam,
        response: { 200: listingCardListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      items: await similarListings(app.db, request.params.id, SIMILAR_LISTINGS_SIZE),
    }),
  );
};
