import type { QueryClient } from "@tanstack/react-query";
import type { BidHistory } from "../../core/contracts/browse";
import type { LiveClientEvent, LiveEventName } from "../../core/events";

type HistoryBid = BidHistory["items"][number];

/**
 * What each live event's cache effects accept: what the live connection parses (core/events.ts),
 * except that an auction update's `bids` may be missing (an older server), and then the history
 * is refetched.
 */
export interface LiveEventPayloads {
  "auction.updated": Omit<LiveClientEvent<"auction.updated">, "bids"> & {
    bids?: readonly HistoryBid[];
  };
  "notification.created": LiveClientEvent<"notification.created">;
  "notifications.unread": LiveClientEvent<"notifications.unread">;
  "message.created": LiveClientEvent<"message.created">;
  "messages.read": LiveClientEvent<"messages.read">;
}

/** One feature's cache effect of one live event; safe to run twice with the same payload. */
export type LiveEffect<N extends LiveEventName> = (
  client: QueryClient,
  payload: LiveEventPayloads[N],
) => void;

/** What the live connection needs from the app: the events' effects, and what a reconnect refetches. */
export interface LiveEffects {
  applyLiveEvent: <N extends LiveEventName>(
    client: QueryClient,
    name: N,
    payload: LiveEventPayloads[N],
  ) => void;
  afterLiveReconnect: (client: QueryClient) => Promise<void>;
}
