import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { AuctionUpdate } from "../../core/contracts/bidding";
import type { Notification } from "../../core/contracts/notifications";
import type { LiveEventName } from "../../core/events";
import type { LiveEventPayloads } from "./invalidations";

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
  apply: typeof import("./invalidations").applyLiveEvent;
}

let liveHandling: Promise<LiveHandling> | null = null;
/**
 * The events' schemas and what each event does to the caches (invalidations.ts), fetched once on
 * the first event, so neither is in the first page load; events that arrive meanwhile wait for
 * them, in order.
 */
const loadLiveHandling = () => {
  liveHandling ??= Promise.all([import("../../core/events"), import("./invalidations")]).then(
    ([events, invalidations]) => ({
      schemas: events.LIVE_EVENTS,
      apply: invalidations.applyLiveEvent,
    }),
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

type UpdateListener = (update: AuctionUpdate) => void;

/** The signed-in user's unread notification count, pushed on the same connection. */
export interface UnreadEvent {
  /** True when a new notification arrived; false for the count on connecting or after reads. */
  created: boolean;
  unreadCount: number;
  /** The new notification, when the event could carry it. */
  notification?: Notification;
}
type UserListener = (event: UnreadEvent) => void;

/**
 * One EventSource per page for every auction on screen (GET /api/live?listings=...). Components
 * subscribe ids with reference counts; the connection is reopened when the set changes. The
 * latest update per listing is kept in a small store that cards read; the detail page also gets
 * a callback to write the update into its query. After a dropped connection comes back, the
 * page's queries are refetched, because the server does not replay what was missed.
 *
 * The signed-in user's notification count rides on the same connection (one per tab): while a
 * user is subscribed (the header's bell), the connection is open even with no auction on screen,
 * and is reopened when the user changes (sign-in, sign-out).
 */
class LiveAuctions {
  private counts = new Map<string, number>();
  private latest = new Map<string, AuctionUpdate>();
  private storeListeners = new Map<string, Set<() => void>>();
  private updateListeners = new Set<UpdateListener>();
  private clients = new Map<QueryClient, number>();
  /** Subscribed user ids with reference counts (one user per tab in practice). */
  private users = new Map<string, number>();
  private userListeners = new Set<UserListener>();
  private source: EventSource | null = null;
  private sourceKey = "";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private hadError = false;

  subscribe(ids: readonly string[], client: QueryClient): () => void {
    for (const id of ids) this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    this.clients.set(client, (this.clients.get(client) ?? 0) + 1);
    this.schedule();
    return () => {
      for (const id of ids) {
        const left = (this.counts.get(id) ?? 1) - 1;
        if (left <= 0) this.counts.delete(id);
        else this.counts.set(id, left);
      }
      const uses = (this.clients.get(client) ?? 1) - 1;
      if (uses <= 0) this.clients.delete(client);
      else this.clients.set(client, uses);
      this.schedule();
    };
  }

  /** Keeps `userId`'s notification count coming while subscribed; `listener` hears each one. */
  subscribeUser(userId: string, listener: UserListener, client: QueryClient): () => void {
    this.users.set(userId, (this.users.get(userId) ?? 0) + 1);
    this.userListeners.add(listener);
    this.clients.set(client, (this.clients.get(client) ?? 0) + 1);
    this.schedule();
    return () => {
      const left = (this.users.get(userId) ?? 1) - 1;
      if (left <= 0) this.users.delete(userId);
      else this.users.set(userId, left);
      this.userListeners.delete(listener);
      const uses = (this.clients.get(client) ?? 1) - 1;
      if (uses <= 0) this.clients.delete(client);
      else this.clients.set(client, uses);
      this.schedule();
    };
  }

  onUpdate(listener: UpdateListener): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  watch(id: string, listener: () => void): () => void {
    const set = this.storeListeners.get(id) ?? new Set<() => void>();
    this.storeListeners.set(id, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.storeListeners.delete(id);
    };
  }

  get(id: string): AuctionUpdate | undefined {
    return this.latest.get(id);
  }

  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, SETTLE_MS);
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
    // Forget what is no longer on screen, so a later visit starts from fresh server data.
    for (const id of this.latest.keys()) if (!this.counts.has(id)) this.latest.delete(id);
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
          ({ schemas, apply }) => {
            const parsed = schemas[name].client.safeParse(data);
            if (parsed.success) this.dispatch(apply, name, parsed.data);
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
      import("./invalidations").then(
        ({ afterLiveReconnect }) => {
          for (const client of this.clients.keys()) void afterLiveReconnect(client);
        },
        () => undefined, // offline: the next reconnect refetches
      );
    });
  }

  private dispatch(apply: LiveHandling["apply"], name: LiveEventName, data: unknown) {
    // The caches first (declared beside the query keys), then the components listening.
    for (const client of this.clients.keys())
      apply(client, name, data as LiveEventPayloads[typeof name]);
    switch (name) {
      case "auction.updated":
        this.publish(data as AuctionUpdate);
        return;
      case "notification.created":
      case "notifications.unread": {
        const event = data as Omit<UnreadEvent, "created">;
        for (const listener of this.userListeners)
          listener({ ...event, created: name === "notification.created" });
        return;
      }
    }
  }

  private publish(update: AuctionUpdate) {
    this.latest.set(update.listingId, update);
    for (const listener of this.storeListeners.get(update.listingId) ?? []) listener();
    for (const listener of this.updateListeners) listener(update);
  }
}

const live = new LiveAuctions();

/**
 * Keeps the page subscribed to live updates for these auctions while mounted; `onUpdate` hears
 * each one (the detail page writes it into its query).
 */
export function useLiveAuctions(ids: readonly string[], onUpdate?: UpdateListener): void {
  const client = useQueryClient();
  const key = [...new Set(ids)].sort().join(",");
  const handler = useRef(onUpdate);
  handler.current = onUpdate;

  useEffect(() => {
    if (!key) return;
    const wanted = key.split(",");
    const stop = live.subscribe(wanted, client);
    const unlisten = live.onUpdate((update) => {
      if (wanted.includes(update.listingId)) handler.current?.(update);
    });
    return () => {
      unlisten();
      stop();
    };
  }, [key, client]);
}

/**
 * Keeps the signed-in user's notification count live while mounted (`userId` undefined: nobody
 * signed in, nothing to follow); `onEvent` hears each count the server pushes.
 */
export function useLiveUser(userId: string | undefined, onEvent?: UserListener): void {
  const client = useQueryClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!userId) return;
    return live.subscribeUser(userId, (event) => handler.current?.(event), client);
  }, [userId, client]);
}

/** The latest live update for one auction (undefined until one arrives); subscribes while mounted. */
export function useLiveAuction(id: string | undefined): AuctionUpdate | undefined {
  useLiveAuctions(id ? [id] : []);
  return useSyncExternalStore(
    (notify) => (id ? live.watch(id, notify) : () => {}),
    () => (id ? live.get(id) : undefined),
  );
}
