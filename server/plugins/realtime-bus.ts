import { sql } from "drizzle-orm";
import fp from "fastify-plugin";
import { isLiveEventName, LIVE_EVENTS, type LiveEventName, type LiveWire } from "../../core/events";
import type { Db } from "../db/client";
import { rows } from "../db/rows";

/**
 * The realtime bus: one PostgreSQL channel that every instance LISTENs to (on the one listening
 * connection the database handle keeps), carrying the live events of core/events.ts between
 * instances. A NOTIFY's payload is `<topic>|<event>|<json>`, the event's data itself, so whichever
 * instance receives it can tell its pages without reading anything back; a payload too large for
 * NOTIFY is stored in live_event_payloads and sent as `<topic>|<event>|@<id>`, read once per
 * instance. Modules publish in the transaction of their change (publish(), or pg_notify in SQL
 * with the same format), so an event is sent at commit and never for a change that rolled back.
 * The bus imports no module: topics and events are the modules' (core/events.ts).
 *
 * The event's name carries when it was published, by the database's clock, in milliseconds
 * (`<topic>|<event>@<ms>|...`): each instance observes the delay from publishing to receiving in
 * live_event_bus_delay_seconds (/metrics). A name without it (an older publisher during a rolling
 * update) is delivered all the same.
 */
export const LIVE_EVENTS_CHANNEL = "live_events";

/**
 * The moment of publishing, by the database's clock (the same for every publisher, in SQL as
 * here), as milliseconds since 1970: clock_timestamp(), not now(), which is the transaction's start.
 */
export const PUBLISHED_AT_SQL = sql`((extract(epoch from clock_timestamp()) * 1000)::bigint)::text`;

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; leave room for topic and name. */
const INLINE_LIMIT = 7_500;

export interface BusEvent<N extends LiveEventName = LiveEventName> {
  topic: string;
  name: N;
  data: LiveWire<N>;
}

export type BusHandler = (event: BusEvent) => void;

export interface Bus {
  /** Hears every event published on `topic` by any instance, from now on, until the returned stop. */
  subscribe(topic: string, handler: BusHandler): () => void;
}

declare module "fastify" {
  interface FastifyInstance {
    bus: Bus;
  }
}

/**
 * Whether publish() would send `json` (an event's data) in the NOTIFY itself; a statement that
 * builds its own pg_notify() (a message's event with its counts) checks this first.
 */
export const fitsInline = (json: string) => Buffer.byteLength(json) <= INLINE_LIMIT;

/** Publishes a live event in the caller's transaction (or at once outside one): sent at commit. */
export async function publish<N extends LiveEventName>(
  db: Db,
  topic: string,
  name: N,
  data: LiveWire<N>,
): Promise<void> {
  const json = JSON.stringify(data);
  if (fitsInline(json)) {
    await db.execute(
      sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${`${topic}|${name}@`} || ${PUBLISHED_AT_SQL} || ${`|${json}`})`,
    );
    return;
  }
  await db.execute(
    sql`with stored as (insert into live_event_payloads (body) values (${json}) returning id)
        select pg_notify(${LIVE_EVENTS_CHANNEL}, ${`${topic}|${name}@`} || ${PUBLISHED_AT_SQL} || '|@' || id::text)
        from stored`,
  );
}

/** Deletes stored payloads old enough that no instance can still be about to read them. */
export async function pruneLiveEventPayloads(db: Db): Promise<void> {
  await db.execute(
    sql`delete from live_event_payloads where created_at < now() - interval '10 minutes'`,
  );
}

export const realtimeBusPlugin = fp(
  async (app) => {
    const handlers = new Map<string, Set<BusHandler>>();
    const busDelay = app.metrics.busDelay;

    const deliver = (topic: string, name: LiveEventName, json: string) => {
      let data: unknown;
      try {
        data = JSON.parse(json);
      } catch {
        app.log.warn({ topic, name }, "live event with a payload that is not JSON dropped");
        return;
      }
      const parsed = LIVE_EVENTS[name].wire.safeParse(data);
      if (!parsed.success) {
        app.log.warn({ topic, name, issues: parsed.error.issues }, "malformed live event dropped");
        return;
      }
      const event = { topic, name, data: parsed.data } as BusEvent;
      for (const handler of handlers.get(topic) ?? []) {
        try {
          handler(event);
        } catch (err) {
          app.log.warn({ err, topic, name }, "live event handler failed");
        }
      }
    };

    const stop = await app.database.listen(LIVE_EVENTS_CHANNEL, (payload) => {
      const first = payload.indexOf("|");
      const second = payload.indexOf("|", first + 1);
      if (first < 0 || second < 0) return;
      // Every event received counts in the delay, followed here or not: it measures the bus.
      const stamp = payload.lastIndexOf("@", second);
      let name = payload.slice(first + 1, second);
      if (stamp > first) {
        name = payload.slice(first + 1, stamp);
        const publishedAt = Number(payload.slice(stamp + 1, second));
        // A clock of this machine behind the database's would read a negative delay: zero.
        if (publishedAt > 0) busDelay.observe(Math.max(0, Date.now() - publishedAt) / 1000);
      }
      const topic = payload.slice(0, first);
      // Most events concern topics nobody here follows (a bid on an auction no page of this
      // instance shows): dropped before any parsing.
      if (!handlers.has(topic)) return;
      if (!isLiveEventName(name)) return;
      const body = payload.slice(second + 1);
      if (!body.startsWith("@")) {
        deliver(topic, name, body);
        return;
      }
      const id = Number(body.slice(1));
      if (!Number.isSafeInteger(id)) return;
      rows<{ body: string }>(
        app.db,
        sql`select body from live_event_payloads where id = ${id}`,
      ).then(
        ([stored]) => {
          if (stored) deliver(topic, name, stored.body);
        },
        (err) => app.log.warn({ err, topic, name }, "stored live event could not be read"),
      );
    });
    app.addHook("onClose", async () => {
      handlers.clear();
      await stop();
    });

    app.decorate("bus", {
      subscribe(topic, handler) {
        const set = handlers.get(topic) ?? new Set<BusHandler>();
        handlers.set(topic, set);
        set.add(handler);
        return () => {
          set.delete(handler);
          if (set.size === 0 && handlers.get(topic) === set) handlers.delete(topic);
        };
      },
    } satisfies Bus);
  },
  { name: "realtime-bus", dependencies: ["db", "metrics"] },
);
