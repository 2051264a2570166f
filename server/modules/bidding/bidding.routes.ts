import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { MyBid } from "../../../core/contracts/bidding";
import {
  myBidsPageSchema,
  placeBidResultSchema,
  placeBidSchema,
} from "../../../core/contracts/bidding";
import { idParam, paginationQuery } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { rows } from "../../db/rows";
import { unauthorized } from "../../errors";
import { requireUser } from "../../plugins/session";
import { placeBid } from "./bidding.service";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

export const biddingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/listings/:id/bids",
    {
      // Per bidder, not per IP: many bidders can share one address (a hotel, a mobile carrier).
      config: {
        rateLimit: {
          max: 60,
          timeWindow: "1 minute",
          keyGenerator: (request) => request.user?.id ?? request.ip,
        },
      },
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
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.publicUrl,
          softCloseMinutes: app.config.softCloseMinutes,
          log: (err, msg) => request.log.warn({ err }, msg),
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
      schema: {
        tags: ["bidding"],
        summary:
          "Own bids, one per auction (the latest), newest first, with their listing and status",
        querystring: z.object(paginationQuery),
        response: { 200: myBidsPageSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, pageSize } = request.query;
      const [count] = await rows<{ n: number }>(
        app.db,
        sql`select count(distinct listing_id)::int as n from bids where bidder_id = ${user.id}`,
      );
      const items = await rows<{
        id: string;
        amount_cents: number;
        max_amount_cents: number | null;
        placed_at: Date | string;
        status: MyBid["status"];
        listing_id: string;
        title: string;
        thumb_url: string | null;
        width: number | null;
        height: number | null;
        end_time: Date | string;
        ended: boolean;
        current_bid_cents: number | null;
      }>(
        app.db,
        sql`select b.id, b.amount_cents, b.max_amount_cents, b.placed_at, b.status, l.id as listing_id, l.title,
              i.thumb_url, i.width, i.height, a.end_time, (a.end_time <= now() or l.status <> 'active') as ended,
              a.current_bid_cents
            from (
              -- One row per auction: the bidder's latest bid there, whose status is their standing.
              select distinct on (listing_id) * from bids where bidder_id = ${user.id}
              order by listing_id, placed_at desc
            ) b join listings l on l.id = b.listing_id join auction_settings a on a.listing_id = l.id
            left join lateral (select thumb_url, width, height from listing_images where listing_id = l.id order by position limit 1) i on true
            order by b.placed_at desc
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      return {
        items: items.map((r) => ({
          id: r.id,
          amountCents: r.amount_cents,
          maxAmountCents: r.max_amount_cents,
          placedAt: new Date(r.placed_at).toISOString(),
          status: r.status,
          listing: {
            id: r.listing_id,
            title: r.title,
            image: r.thumb_url ? { thumbUrl: r.thumb_url, width: 320, height: 320 } : null,
            endsAt: new Date(r.end_time).toISOString(),
            ended: r.ended,
            currentBidCents: r.current_bid_cents,
          },
        })),
        total: Number(count?.n ?? 0),
        page,
        pageSize,
      };
    },
  );
};
