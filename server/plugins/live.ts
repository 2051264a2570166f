import type { ServerResponse } from "node:http";
import fp from "fastify-plugin";
import { z } from "zod";
import { apiErrorSchema } from "../../core/errors";
import { LIVE_EVENTS, type LiveClientEvent, type LiveEventName, topics } from "../../core/events";
import type { NamedStatement } from "../db/client";
import { badRequest } from "../errors";
import type { BusEvent } from "./realtime-bus";
import { SESSION_CHANNEL } from "./session";

const MAX_SUBSCRIPTIONS = 100;
const HEARTBEAT_MS = 25_000;
/** When an instance stops: soon enough that a bid war hardly notices, spread by the browsers' own timing. */
const RECONNECT_AFTER_STOP_MS = 500;
/**
 * How often every signed-in stream's session is read again, should a session_changed notification
 * be lost (the listening connection reconnects): the bound the session cache keeps too.
 */
const SESSION_SWEEP_MS = 30_000;
/** setTimeout's longest delay; a session ending later is left to the sweep. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Which of the given sessions are live (unexpired, their user not suspended), with their ends: the
 * same rule as the session lookup of every request (session.ts).
 */
const LIVE_SESSIONS: NamedStatement = {
  name: "live_sessions",
  text: `select s.token_hash, s.expires_at
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = any($1::text[]) and s.expires_at > now() and u.suspended_at is null`,
};

/** A signed-in user's stream, which may carry their private events only while their session lives. */
interface PrivateStream {
  res: ServerResponse;
  userId: string;
  tokenHash: string;
  /** The user's topic: its frames are private. */
  topic: string;
  /** The auctions the stream follows besides. */
  auctions: string[];
  /** Private frames kept while the session is read again (and at first); null when none is. */
  held: string[] | null;
  /** The last check that held the stream: only its answer releases the frames. */
  check: number;
  expiry: NodeJS.Timeout | null;
  ended: boolean;
}

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
 *
 * A signed-in stream lives no longer than its session: it ends when the session is signed out,
 * ended by a password change elsewhere, expires, or its user is suspended, on whichever instance
 * that happens (the session_changed notification; a sweep every 30 s should one be lost).
 */
export const livePlugin = fp<LiveOptions>(
  async (app, options) => {
    /** Open connections per topic, and the bus subscription each followed topic holds. */
    const followers = new Map<string, { connections: Set<ServerResponse>; stop: () => void }>();

    /** Signed-in streams per user, and per response. */
    const streamsOf = new Map<string, Set<PrivateStream>>();
    const privateStreams = new WeakMap<ServerResponse, PrivateStream>();

    const onEvent = (event: BusEvent) => {
      const connections = followers.get(event.topic)?.connections;
      if (!connections || connections.size === 0) return;
      const definition = LIVE_EVENTS[event.name];
      const data = (definition.toClient as (wire: unknown, now: Date) => unknown)(
        event.data,
        new Date(),
      );
      const text = frame(event.name, data);
      for (const res of connections) {
        const stream = privateStreams.get(res);
        if (stream?.held && stream.topic === event.topic) stream.held.push(text);
        else res.write(text);
      }
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

    /** Ends a stream whose session ended; the browser reconnects, as whoever it is by then. */
    const endStream = (stream: PrivateStream) => {
      if (stream.ended) return;
      stream.ended = true;
      stream.held = null;
      if (stream.expiry) clearTimeout(stream.expiry);
      streamsOf.get(stream.userId)?.delete(stream);
      if (streamsOf.get(stream.userId)?.size === 0) streamsOf.delete(stream.userId);
      for (const topic of [stream.topic, ...stream.auctions]) unfollow(topic, stream.res);
      stream.res.end();
    };

    /**
     * Reads the sessions of `streams` again: a stream whose session ended is ended, the others go
     * on. With `hold`, their private frames wait for the answer (sent if the session lives, never
     * if not), so nothing private slips out between a session's end and the stream's.
     */
    const checkSessions = async (streams: PrivateStream[], hold: boolean): Promise<void> => {
      if (streams.length === 0) return;
      const asked = new Map<PrivateStream, number>();
      for (const stream of streams) {
        if (hold) {
          stream.check++;
          stream.held ??= [];
        }
        asked.set(stream, stream.check);
      }
      let live: Map<string, Date>;
      try {
        const found = await app.database.run<{ token_hash: string; expires_at: Date | string }>(
          LIVE_SESSIONS,
          [[...new Set(streams.map((s) => s.tokenHash))]],
        );
        live = new Map(found.map((r) => [r.token_hash, new Date(r.expires_at)]));
      } catch (err) {
        // Unsure is ended: the browser reconnects, and its connection is checked afresh.
        app.log.warn({ err }, "live stream sessions could not be read; their streams end");
        live = new Map();
      }
      for (const [stream, check] of asked) {
        if (stream.ended) continue;
        const expiresAt = live.get(stream.tokenHash);
        if (!expiresAt) {
          endStream(stream);
          continue;
        }
        if (!stream.expiry) {
          const left = expiresAt.getTime() - Date.now();
          if (left <= MAX_TIMER_MS) stream.expiry = setTimeout(() => endStream(stream), left);
        }
        // A later check holds the stream again: its answer, not this one, releases it.
        if (stream.check !== check || !stream.held) continue;
        for (const text of stream.held) stream.res.write(text);
        stream.held = null;
      }
    };

    // Every instance hears when a user's sessions or account change (a sign-out, a password change,
    // a suspension: the triggers of migration 0006) on the connection that carries the live events
    // too, in commit order: a private event committed after the change arrives after this, and is
    // held until the session is read again.
    const stopListening = await app.database.listen(SESSION_CHANNEL, (userId) => {
      const streams = streamsOf.get(userId);
      if (streams) void checkSessions([...streams], true);
    });
    const sweep = setInterval(() => {
      void checkSessions(
        [...streamsOf.values()].flatMap((set) => [...set]),
        false,
      );
    }, SESSION_SWEEP_MS);
    sweep.unref();

    // Every open stream, to end them all when the instance stops.
    const open = new Set<ServerResponse>();
    // Before the server stops taking connections (preClose), so that it does not wait for streams
    // that never end by themselves: each is told to come back soon and closed. The browser's
    // EventSource reconnects after `retry` milliseconds, through the balancer, to an instance
    // still running; what it missed meanwhile it reads again as on any reconnect.
    app.addHook("preClose", async () => {
      for (const res of open) {
        if (!res.writableEnded) res.end(`retry: ${RECONNECT_AFTER_STOP_MS}\n\n`);
      }
    });

    app.addHook("onClose", async () => {
      clearInterval(sweep);
      await stopListening();
      for (const streams of streamsOf.values())
        for (const stream of streams) if (stream.expiry) clearTimeout(stream.expiry);
      streamsOf.clear();
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
          summary: "Live updates: a stream of server-sent events",
          description:
            "Server-sent events: `auction.updated` for each listed auction after every accepted bid or settlement, " +
            "with the new state and the bids it recorded; signed in (listings optional then), " +
            "`notifications.unread` with your unread count on connecting and after notifications are marked read, " +
            "and `notification.created` with it and the notification when one arrives; " +
            "`message.created` (the message and your unread message total) for each message in your conversations, " +
            "and `messages.read` when messages of one are marked read",
          querystring: query,
          // Visitors follow listings; with the session cookie the user's own events come too.
          security: [{}, { session: [] }],
          // The handler writes the stream itself (reply.hijack), so these describe it for the
          // document only; nothing is serialized through them.
          response: {
            200: {
              description: "The event stream; it stays open until the client leaves",
              content: { "text/event-stream": { schema: z.string() } },
            },
            400: apiErrorSchema,
          },
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
        open.add(res);
        app.metrics.liveConnections.inc();
        const followed = ids.map((id) => topics.auction(id));
        for (const topic of followed) follow(topic, res);
        let stream: PrivateStream | null = null;
        const tokenHash = request.sessionTokenHash;
        if (userId && tokenHash) {
          // Registered before anything is awaited, so a session_changed heard from now on reaches
          // it; private frames wait until the session is read (the request's may be cached).
          stream = {
            res,
            userId,
            tokenHash,
            topic: topics.user(userId),
            auctions: followed,
            held: [],
            check: 0,
            expiry: null,
            ended: false,
          };
          privateStreams.set(res, stream);
          const mine = streamsOf.get(userId) ?? new Set<PrivateStream>();
          streamsOf.set(userId, mine);
          mine.add(stream);
          follow(stream.topic, res);
          const opened = stream;
          void checkSessions([opened], false).then(() => {
            if (opened.ended || !options.userSnapshot) return;
            // Read after following, so a change made meanwhile is in the snapshot or in an event after it.
            options.userSnapshot(userId).then(
              (snapshot) => {
                if (res.destroyed || opened.ended) return;
                for (const item of snapshot) {
                  const text = frame(item.name, item.data);
                  // Private too: while the session is being read again, it waits with the rest.
                  if (opened.held) opened.held.push(text);
                  else res.write(text);
                }
              },
              (err) => app.log.warn({ err, userId }, "live snapshot failed"),
            );
          });
        }
        const heartbeat = setInterval(() => {
          if (!res.writableEnded) res.write(": ping\n\n");
        }, HEARTBEAT_MS);
        // The response closes when the browser goes away, and when the stream is ended here.
        res.once("close", () => {
          open.delete(res);
          app.metrics.liveConnections.dec();
          clearInterval(heartbeat);
          if (stream) endStream(stream);
          else for (const topic of followed) unfollow(topic, res);
        });
      },
    );
  },
  { name: "live", dependencies: ["db", "realtime-bus", "session", "metrics"] },
);
