import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveEventName } from "../../core/events";
import type { LiveEffects, LiveEventPayloads } from "./live-events";
import { queryKeys } from "./query-keys";

/**
 * Every event of core/events.ts, by name: listened for from the start. Spelled out here because
 * core/events.ts also holds the events' zod schemas, which load only when the first event arrives
 * (zod stays out of the first page load); the check below fails the build if the lists drift.
 */
const LIVE_EVENT_NAMES = [
  "auction.updated",
  "notification.created",
  "notifications.unread",
  "message.created",
  "messages.read",
] as const satisfies readonly LiveEventName[];
const everyEventListened: Exclude<LiveEventName, (typeof LIVE_EVENT_NAMES)[number]> extends never
  ? true
  : false = true;
void everyEventListened;

interface LiveHandling {
  schemas: typeof import("../../core/events").LIVE_EVENTS;
  effects: LiveEffects;
}

/**
 * What each event does to the caches: composed by the app from the features' own effects
 * (client/app/live-effects.ts; this file imports no feature). Loaded on the first event rather
 * than named at start, which would put this connection into every first page load.
 */
const loadEffects = (): Promise<LiveEffects> => import("../app/live-effects");

let liveHandling: Promise<LiveHandling> | null = null;
/**
 * The events' schemas and what each event does to the caches, fetched once on the first event, so
 * neither is in the first page load; events that arrive meanwhile wait for them, in order.
 */
const loadLiveHandling = () => {
  liveHandling ??= Promise.all([import("../../core/events"), loadEffects()]).then(
    ([events, effects]) => ({ schemas: events.LIVE_EVENTS, effects }),
    (err: unknown) => {
      liveHandling = null; // the next event tries again
      throw err;
    },
  );
  return liveHandling;
};

/** The server refuses more in one subscription. */
const MAX_IDS = 100;
/** Cards mount in bursts: gather the ids for a moment before (re)opening the connection. */
const SETTLE_MS = 50;

/**
 * One EventSource per page for every auction on screen (GET /api/live?listings=...). Components
 * subscribe ids with reference counts; the connection is reopened when the set changes. Each
 * event goes to the query caches of the pages subscribed (the app's live effects): the cache is
 * the one home of what an event changed, an auction's latest state included, which cards read
 * there. After a dropped connection comes back, the page's queries are refetched, because the
 * server does not replay what was missed.
 *
 * The signed-in user's events (notifications, messages) ride on the same connection (one per
 * tab): while a user is subscribed (the header's bell and badge), the connection is open even
 * with no auction on screen, and is reopened when the user changes (sign-in, sign-out).
 */
class LiveAuctions {
  private counts = new Map<string, number>();
  private clients = new Map<QueryClient, number>();
  /** Every cache ever subscribed (one per page), so that what it holds can be forgotten. */
  private everyClient = new Set<QueryClient>();
  /** Subscribed user ids with reference counts (one user per tab in practice). */
  private users = new Map<string, number>();
  private source: EventSource | null = null;
  private sourceKey = "";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private hadError = false;

  subscribe(ids: readonly string[], client: QueryClient): () => void {
    for (const id of ids) this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    const stopClient = this.holdClient(client);
    this.schedule();
    return () => {
      for (const id of ids) {
        const left = (this.counts.get(id) ?? 1) - 1;
        if (left <= 0) this.counts.delete(id);
        else this.counts.set(id, left);
      }
      stopClient();
      this.schedule();
    };
  }

  /** Keeps `userId`'s events coming while subscribed. */
  subscribeUser(userId: string, client: QueryClient): () => void {
    this.users.set(userId, (this.users.get(userId) ?? 0) + 1);
    const stopClient = this.holdClient(client);
    this.schedule();
    return () => {
      const left = (this.users.get(userId) ?? 1) - 1;
      if (left <= 0) this.users.delete(userId);
      else this.users.set(userId, left);
      stopClient();
      this.schedule();
    };
  }

  private holdClient(client: QueryClient): () => void {
    this.everyClient.add(client);
    this.clients.set(client, (this.clients.get(client) ?? 0) + 1);
    return () => {
      const uses = (this.clients.get(client) ?? 1) - 1;
      if (uses <= 0) this.clients.delete(client);
      else this.clients.set(client, uses);
    };
  }

  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, SETTLE_MS);
  }

  /**
   * Forgets the live state of auctions no longer on screen, so a later visit starts from the
   * server's. Reset rather than removed: a card drawn but not yet subscribed keeps its entry.
   */
  private forgetUnfollowed() {
    for (const client of this.everyClient)
      for (const query of client
        .getQueryCache()
        .findAll({ queryKey: queryKeys.listings.liveAuctions }))
        if (query.state.data !== undefined && !this.counts.has(String(query.queryKey[2])))
          void client.resetQueries({ queryKey: query.queryKey, exact: true });
  }

  private connect() {
    if (typeof EventSource === "undefined") return;
    const ids = [...this.counts.keys()].sort().slice(0, MAX_IDS);
    // The server knows the user from the session cookie; the id is in the key so that another
    // user (after sign-out and sign-in) gets a connection of their own.
    const user = [...this.users.keys()].sort()[0] ?? "";
    const key = `${ids.join(",")}|${user}`;
    if (key === this.sourceKey && this.source) return;
    this.source?.close();
    this.source = null;
    this.sourceKey = key;
    this.hadError = false;
    this.forgetUnfollowed();
    if (ids.length === 0 && !user) return;

    const source = new EventSource(
      ids.length > 0 ? `/api/live?listings=${encodeURIComponent(ids.join(","))}` : "/api/live",
    );
    this.source = source;
    // Every event of core/events.ts, checked with the schema the server presented it with.
    for (const name of LIVE_EVENT_NAMES) {
      source.addEventListener(name, (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        loadLiveHandling().then(
          ({ schemas, effects }) => {
            const parsed = schemas[name].client.safeParse(data);
            if (!parsed.success) return;
            for (const client of this.clients.keys())
              effects.applyLiveEvent(client, name, parsed.data as LiveEventPayloads[typeof name]);
          },
          // Offline, say: this event is lost, as if the connection had dropped it.
          () => undefined,
        );
      });
    }
    // EventSource retries by itself; a later `open` means updates may have been missed.
    source.addEventListener("error", () => {
      this.hadError = true;
    });
    source.addEventListener("open", () => {
      if (!this.hadError) return;
      this.hadError = false;
      loadEffects().then(
        ({ afterLiveReconnect }) => {
          for (const client of this.clients.keys()) void afterLiveReconnect(client);
        },
        () => undefined, // offline: the next reconnect refetches
      );
    });
  }
}

const live = new LiveAuctions();

/** Keeps the page subscribed to live updates for these auctions while mounted. */
export function useLiveAuctions(ids: readonly string[]): void {
  const client = useQueryClient();
  const key = [...new Set(ids)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    return live.subscribe(key.split(","), client);
  }, [key, client]);
}

/**
 * Keeps the signed-in user's events (notifications, messages) live while mounted (`userId`
 * undefined: nobody signed in, nothing to follow).
 */
export function useLiveUser(userId: string | undefined): void {
  const client = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    return live.subscribeUser(userId, client);
  }, [userId, client]);
}
