import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  myBidsPageSchema,
  placeBidResultSchema,
  placeBidSchema,
} from "../../../core/contracts/bidding";
import { idParam, paginationQuery } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { KeyedLimiter } from "../../concurrency";
import { unauthorized } from "../../errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { BidFloors } from "./bid-floors";
import { BIDS_AT_ONCE, listMyBids, placeBid } from "./bidding.service";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

export const biddingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per instance: what it knows of the auctions bid on through it, and its turns on each.
  const floors = new BidFloors(app.database, app.bus);
  const gate = new KeyedLimiter(BIDS_AT_ONCE);
  app.addHook("onClose", async () => floors.close());
  app.post(
    "/listings/:id/bids",
    {
      // Per bidder, not per IP: many bidders can share one address (a hotel, a mobile carrier).
      config: perUserRateLimit(60),
      schema: {
        tags: ["bidding"],
        summary: "Place a bid (optionally with a proxy maximum); bids are final",
        params: idParam,
        body: placeBidSchema,
        response: { 201: placeBidResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized("Please login to place a bid.");
      const result = await placeBid(
        {
          database: app.database,
          softCloseMinutes: app.config.softCloseMinutes,
          floors,
          gate,
        },
        request.params.id,
        request.user.id,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/me/bids",
    {
      config: { apiTokenScope: "read" },
      schema: {
        tags: ["bidding"],
        summary:
          "Own bids, one per auction (the latest), newest first, with their listing and status",
        querystring: z.object(paginationQuery),
        response: { 200: myBidsPageSchema, 401: apiErrorSchema },
      },
    },
    async (request) =>
      listMyBids(app.db, requireUser(request).id, request.query.page, request.query.pageSize),
  );
};
