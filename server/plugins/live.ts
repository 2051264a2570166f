import type { ServerResponse } from "node:http";
import fp from "fastify-plugin";
import { z } from "zod";
import type { AuctionUpdate } from "../../core/contracts/bidding";
import { AUCTION_CHANNEL } from "../modules/bidding/bidding.service";
import { getListing } from "../modules/listings/listings.service";

const MAX_SUBSCRIPTIONS = 100;
const HEARTBEAT_MS = 25_000;
/** Bursts of bids on one auction are sent as one update. */
const COALESCE_MS = 40;

/**
 * Live auction updates as server-sent events at GET /api/live?listings=id,id. Every instance
 * LISTENs to the database's `auction_updated` channel, so a bid accepted by any instance reaches
 * the browsers connected to all of them. Browsers reconnect by themselves; the page refetches
 * the auction when its connection comes back, so nothing missed while offline stays missing.
 */
export const livePlugin = fp(
  async (app) => {
    const subscribers = new Map<string, Set<ServerResponse>>();
    const pending = new Map<string, NodeJS.Timeout>();

    async function publish(listingId: string) {
      pending.delete(listingId);
      const targets = subscribers.get(listingId);
      if (!targets || targets.size === 0) return;
      try {
        const detail = await getListing(app.db, listingId);
        if (!detail.auction) return;
        const update: AuctionUpdate = { listingId, status: detail.status, auction: detail.auction };
        const frame = `event: auction.updated\ndata: ${JSON.stringify(update)}\n\n`;
        for (const res of targets) res.write(frame);
      } catch (err) {
        app.log.warn({ err, listingId }, "live update failed");
      }
    }

    const stopListening = await app.database.listen(AUCTION_CHANNEL, (listingId) => {
      if (!subscribers.has(listingId) || pending.has(listingId)) return;
      pending.set(
        listingId,
        setTimeout(() => void publish(listingId), COALESCE_MS),
      );
    });
    app.addHook("onClose", async () => {
      for (const t of pending.values()) clearTimeout(t);
      for (const set of subscribers.values()) for (const res of set) res.end();
      await stopListening();
    });

    const query = z.object({
      listings: z
        .string()
        .transform((s) => [...new Set(s.split(",").filter(Boolean))])
        .pipe(
          z
            .array(z.uuid({ message: "listings must be listing ids" }))
            .min(1)
            .max(MAX_SUBSCRIPTIONS),
        ),
    });

    app.get(
      "/api/live",
      {
        schema: {
          tags: ["bidding"],
          summary:
            "Server-sent events: `auction.updated` for each listed auction after every accepted bid or settlement",
          querystring: query,
        },
      },
      async (request, reply) => {
        const ids = (request.query as z.infer<typeof query>).listings;
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          connection: "keep-alive",
          "x-accel-buffering": "no",
        });
        res.write(": connected\nretry: 2000\n\n");
        for (const id of ids) {
          const set = subscribers.get(id) ?? new Set<ServerResponse>();
          subscribers.set(id, set);
          set.add(res);
        }
        const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
        request.raw.on("close", () => {
          clearInterval(heartbeat);
          for (const id of ids) {
            const set = subscribers.get(id);
            set?.delete(res);
            if (set?.size === 0) subscribers.delete(id);
          }
        });
      },
    );
  },
  { name: "live", dependencies: ["db"] },
);
