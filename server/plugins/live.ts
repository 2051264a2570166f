import type { ServerResponse } from "node:http";
import fp from "fastify-plugin";
import { z } from "zod";
import type { AuctionUpdate } from "../../core/contracts/bidding";
import {
  LIVE_NOTIFICATION_CREATED,
  LIVE_NOTIFICATIONS_UNREAD,
  type UnreadCount,
} from "../../core/contracts/notifications";
import { badRequest } from "../errors";
import { AUCTION_CHANNEL } from "../modules/bidding/bidding.service";
import { getListing } from "../modules/listings/listings.service";
import { USER_NOTIFIED_CHANNEL, unreadCount } from "../modules/notifications/notifications.service";

const MAX_SUBSCRIPTIONS = 100;
const HEARTBEAT_MS = 25_000;
/** Bursts of bids on one auction are sent as one update. */
const COALESCE_MS = 40;

/**
 * Live auction updates as server-sent events at GET /api/live?listings=id,id. Every instance
 * LISTENs to the database's `auction_updated` channel, so a bid accepted by any instance reaches
 * the browsers connected to all of them. Browsers reconnect by themselves; the page refetches
 * the auction when its connection comes back, so nothing missed while offline stays missing.
 *
 * A signed-in user's connection (listings optional then) also carries their unread notification
 * count: `notifications.unread` on connecting and after some were marked read, and
 * `notification.created` when one arrives. The same way across instances, through the
 * `user_notified` channel a trigger on notifications fires (migration 0011).
 */
export const livePlugin = fp(
  async (app) => {
    const subscribers = new Map<string, Set<ServerResponse>>();
    const pending = new Map<string, NodeJS.Timeout>();
    /** Open connections per signed-in user. */
    const userSubscribers = new Map<string, Set<ServerResponse>>();
    /** Users whose count is about to be sent; true when a notification arrived (not only reads). */
    const pendingUsers = new Map<string, { timer: NodeJS.Timeout; created: boolean }>();

    const unreadFrame = (event: string, count: number) => {
      const data: UnreadCount = { unreadCount: count };
      return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    };

    async function publishUser(userId: string) {
      const created = pendingUsers.get(userId)?.created ?? false;
      pendingUsers.delete(userId);
      const targets = userSubscribers.get(userId);
      if (!targets || targets.size === 0) return;
      try {
        const frame = unreadFrame(
          created ? LIVE_NOTIFICATION_CREATED : LIVE_NOTIFICATIONS_UNREAD,
          await unreadCount(app.db, userId),
        );
        for (const res of targets) res.write(frame);
      } catch (err) {
        app.log.warn({ err, userId }, "live notification count failed");
      }
    }

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
    const stopListeningUsers = await app.database.listen(USER_NOTIFIED_CHANNEL, (payload) => {
      const created = !payload.startsWith("read:");
      const userId = created ? payload : payload.slice("read:".length);
      if (!userSubscribers.has(userId)) return;
      const waiting = pendingUsers.get(userId);
      if (waiting) {
        waiting.created ||= created;
        return;
      }
      pendingUsers.set(userId, {
        timer: setTimeout(() => void publishUser(userId), COALESCE_MS),
        created,
      });
    });
    app.addHook("onClose", async () => {
      for (const t of pending.values()) clearTimeout(t);
      for (const p of pendingUsers.values()) clearTimeout(p.timer);
      for (const set of subscribers.values()) for (const res of set) res.end();
      for (const set of userSubscribers.values()) for (const res of set) res.end();
      await stopListening();
      await stopListeningUsers();
    });

    const query = z.object({
      listings: z
        .string()
        .optional()
        .transform((s) => [...new Set((s ?? "").split(",").filter(Boolean))])
        .pipe(z.array(z.uuid({ message: "listings must be listing ids" })).max(MAX_SUBSCRIPTIONS)),
    });

    app.get(
      "/api/live",
      {
        schema: {
          tags: ["bidding"],
          summary:
            "Server-sent events: `auction.updated` for each listed auction after every accepted bid or settlement; " +
            "signed in (listings optional then), `notifications.unread` with your unread count on connecting and " +
            "after notifications are marked read, and `notification.created` with it when one arrives",
          querystring: query,
        },
      },
      async (request, reply) => {
        const ids = (request.query as z.infer<typeof query>).listings;
        const userId = request.user?.id ?? null;
        if (ids.length === 0 && !userId) {
          const message = "Name the listings to follow, or sign in.";
          throw badRequest(message, { listings: message });
        }
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
        if (userId) {
          const set = userSubscribers.get(userId) ?? new Set<ServerResponse>();
          userSubscribers.set(userId, set);
          set.add(res);
          // What the page may have missed while it had no connection. Counted after subscribing,
          // so a notification stored meanwhile is in this count or in an event after it.
          unreadCount(app.db, userId).then(
            (count) => {
              if (!res.destroyed) res.write(unreadFrame(LIVE_NOTIFICATIONS_UNREAD, count));
            },
            (err) => app.log.warn({ err, userId }, "live notification count failed"),
          );
        }
        const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
        request.raw.on("close", () => {
          clearInterval(heartbeat);
          for (const id of ids) {
            const set = subscribers.get(id);
            set?.delete(res);
            if (set?.size === 0) subscribers.delete(id);
          }
          if (userId) {
            const set = userSubscribers.get(userId);
            set?.delete(res);
            if (set?.size === 0) userSubscribers.delete(userId);
          }
        });
      },
    );
  },
  { name: "live", dependencies: ["db"] },
);
