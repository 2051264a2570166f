import type { ServerResponse } from "node:http";
import fp from "fastify-plugin";
import { z } from "zod";
import { LIVE_EVENTS, type LiveClientEvent, type LiveEventName, topics } from "../../core/events";
import { badRequest } from "../errors";
import type { BusEvent } from "./realtime-bus";

const MAX_SUBSCRIPTIONS = 100;
const HEARTBEAT_MS = 25_000;

/** A first event for a page that has just connected: what it may have missed while it had none. */
export interface LiveSnapshot<N extends LiveEventName = LiveEventName> {
  name: N;
  data: LiveClientEvent<N>;
}

export interface LiveOptions {
  /**
   * The signed-in user's state to send on connecting (the bell's unread count); given by app.ts
   * from the module that owns it, so this transport imports no module.
   */
  userSnapshot?: (userId: string) => Promise<LiveSnapshot[]>;
}

const frame = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Live events as server-sent events at GET /api/live?listings=id,id: each connection follows the
 * topics of core/events.ts it may see (the auctions named, and its signed-in user's topic) on the
 * realtime bus, so an event published by any instance reaches the pages connected to all of them.
 * An event is presented for browsers once per instance (LIVE_EVENTS[name].toClient) and the same
 * frame written to every connection following its topic: nothing is read from the database per
 * event. Browsers reconnect by themselves; a page refetches what it shows when its connection
 * comes back, since nothing missed meanwhile is replayed.
 */
export const livePlugin = fp<LiveOptions>(
  async (app, options) => {
    /** Open connections per topic, and the bus subscription each followed topic holds. */
    const followers = new Map<string, { connections: Set<ServerResponse>; stop: () => void }>();

    const onEvent = (event: BusEvent) => {
      const connections = followers.get(event.topic)?.connections;
      if (!connections || connections.size === 0) return;
      const definition = LIVE_EVENTS[event.name];
      const data = (definition.toClient as (wire: unknown, now: Date) => unknown)(
        event.data,
        new Date(),
      );
      const text = frame(event.name, data);
      for (const res of connections) res.write(text);
    };

    const follow = (topic: string, res: ServerResponse) => {
      let entry = followers.get(topic);
      if (!entry) {
        entry = { connections: new Set(), stop: app.bus.subscribe(topic, onEvent) };
        followers.set(topic, entry);
      }
      entry.connections.add(res);
    };

    const unfollow = (topic: string, res: ServerResponse) => {
      const entry = followers.get(topic);
      if (!entry) return;
      entry.connections.delete(res);
      if (entry.connections.size > 0) return;
      entry.stop();
      followers.delete(topic);
    };

    app.addHook("onClose", async () => {
      for (const entry of followers.values()) {
        entry.stop();
        for (const res of entry.connections) res.end();
      }
      followers.clear();
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
            "Server-sent events: `auction.updated` for each listed auction after every accepted bid or settlement, " +
            "with the new state and the bids it recorded; signed in (listings optional then), " +
            "`notifications.unread` with your unread count on connecting and after notifications are marked read, " +
            "and `notification.created` with it and the notification when one arrives; " +
            "`message.created` (the message and your unread message total) for each message in your conversations, " +
            "and `messages.read` when messages of one are marked read",
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
        const followed = ids.map((id) => topics.auction(id));
        if (userId) followed.push(topics.user(userId));
        for (const topic of followed) follow(topic, res);
        if (userId && options.userSnapshot) {
          // Read after following, so a change made meanwhile is in the snapshot or in an event after it.
          options.userSnapshot(userId).then(
            (snapshot) => {
              if (res.destroyed) return;
              for (const item of snapshot) res.write(frame(item.name, item.data));
            },
            (err) => app.log.warn({ err, userId }, "live snapshot failed"),
          );
        }
        const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
        request.raw.on("close", () => {
          clearInterval(heartbeat);
          for (const topic of followed) unfollow(topic, res);
        });
      },
    );
  },
  { name: "live", dependencies: ["db", "realtime-bus"] },
);
