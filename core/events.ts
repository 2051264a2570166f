import { z } from "zod";
import { maskBidderName } from "./bidder-name";
import { type AuctionFacts, auctionState, minNextBidWith } from "./bidding";
import { type AuctionUpdate, auctionUpdateSchema } from "./contracts/bidding";
import type { BidHistoryItem } from "./contracts/browse";
import { messageSchema } from "./contracts/messages";
import { notificationSchema } from "./contracts/notifications";

/**
 * The live events: what travels between app instances on the realtime bus (PostgreSQL NOTIFY on
 * one channel) and from an instance to the browsers that follow it (server-sent events on
 * GET /api/live). One entry per event: the topic it is published on, the schema of what the bus
 * carries (`wire`), the schema of what a browser receives (`client`), and `toClient`, which an
 * instance runs once per event (not once per browser) to turn one into the other. For most events
 * the two are the same; an auction's state is carried as its recorded facts and presented with
 * auctionState() on arrival, so the SQL that publishes it holds no presentation rules.
 *
 * Adding an event (docs/decisions/0006-event-spine.md): add it here with its schemas, publish it
 * from the module that owns it (in the transaction of the change, so it is sent at commit), and
 * handle it in the client's live connection. The bus and the SSE endpoint need no change.
 */

/** Topics name what an event is about; a browser follows its user's topic and the auctions on screen. */
export const topics = {
  auction: (listingId: string) => `auction:${listingId}`,
  user: (userId: string) => `user:${userId}`,
} as const;
export type TopicKind = keyof typeof topics;

/**
 * One bid as the bus carries it, in the event that recorded it: the bidder's id and name stay
 * between instances; browsers get it masked (`presentLiveBid`).
 */
export const liveBidSchema = z.object({
  amountCents: z.number().int(),
  placedAt: z.string(),
  bidder: z.object({
    id: z.string(),
    username: z.string(),
    /** Optional: payloads stored before it was carried have none (shown as 0). */
    ratingCount: z.number().int().optional(),
  }),
});
type LiveBid = z.infer<typeof liveBidSchema>;

/**
 * A live bid as everyone following the auction sees it: the name masked and no bidder id, since
 * one event goes to every viewer. The seller and the bidder refetch the history to see names.
 */
export function presentLiveBid(bid: LiveBid): BidHistoryItem {
  return {
    amountCents: bid.amountCents,
    placedAt: bid.placedAt,
    bidder: {
      name: maskBidderName(bid.bidder.username),
      ratingCount: bid.bidder.ratingCount ?? 0,
      isViewer: false,
    },
  };
}

/** What place_bid() and publishAuctionChanged (settlement, a cancellation) publish: the auction's facts after the change. */
export const auctionChangedSchema = z.object({
  listingId: z.string(),
  status: z.enum(["active", "ended", "sold"]),
  facts: z.object({
    startPriceCents: z.number().int(),
    currentBidCents: z.number().int().nullable(),
    bidCount: z.number().int(),
    endsAt: z.string(),
    reservePriceCents: z.number().int().nullable(),
    buyItNowPriceCents: z.number().int().nullable(),
    leaderId: z.string().nullable(),
  }),
  /**
   * The increment at the new price, from the table the bid was decided with: the one band
   * auctionState() needs, so presenting needs no read of the increment table.
   */
  incrementCents: z.number().int(),
  /** The visible bids this change recorded, oldest first (none for settlement). */
  bids: z.array(liveBidSchema),
});
export type AuctionChanged = z.infer<typeof auctionChangedSchema>;

/** The AuctionState a browser receives, presented from the facts as of `now`. */
export function presentAuctionChanged(event: AuctionChanged, now: Date): AuctionUpdate {
  const facts: AuctionFacts = {
    ...event.facts,
    status: event.status,
    minNextBidCents: minNextBidWith(event.facts, event.incrementCents),
  };
  return {
    listingId: event.listingId,
    status: event.status,
    auction: auctionState(facts, now),
    // Newest first, as the history lists them.
    bids: [...event.bids].reverse().map(presentLiveBid),
  };
}

/** A new notification for the user, with their unread count after it (the bell). */
export const notificationCreatedSchema = z.object({
  unreadCount: z.number().int(),
  /** Absent when it was too long to carry; the page then refetches its list. */
  notification: notificationSchema.optional(),
});
/** The user's unread count, on connecting and after notifications were marked read. */
export const unreadChangedSchema = z.object({ unreadCount: z.number().int() });

/**
 * A message in one of the user's conversations (sent to them, or by them from another tab), with
 * their unread message count after it (the header's Messages badge).
 */
export const messageCreatedSchema = z.object({
  message: messageSchema,
  unreadTotal: z.number().int(),
});
/** The user's unread message count after messages were marked read (in any of their tabs). */
export const messagesReadSchema = z.object({
  conversationId: z.string(),
  unreadTotal: z.number().int(),
});

const identity = <T>(value: T): T => value;

function liveEvent<W extends z.ZodType, C extends z.ZodType>(definition: {
  topic: TopicKind;
  /** Who receives it, in words. */
  audience: string;
  wire: W;
  client: C;
  toClient: (wire: z.infer<W>, now: Date) => z.infer<C>;
}) {
  return definition;
}

export const LIVE_EVENTS = {
  "auction.updated": liveEvent({
    topic: "auction",
    audience: "every page showing the auction (its page, cards on a grid, the bidder's tabs)",
    wire: auctionChangedSchema,
    client: auctionUpdateSchema,
    toClient: presentAuctionChanged,
  }),
  "notification.created": liveEvent({
    topic: "user",
    audience: "the notified user's open pages (the bell, /notifications)",
    wire: notificationCreatedSchema,
    client: notificationCreatedSchema,
    toClient: identity,
  }),
  "notifications.unread": liveEvent({
    topic: "user",
    audience: "the user's open pages, after notifications were marked read in any of them",
    wire: unreadChangedSchema,
    client: unreadChangedSchema,
    toClient: identity,
  }),
  "message.created": liveEvent({
    topic: "user",
    audience: "both participants' open pages (the chat, the conversation list, the header badge)",
    wire: messageCreatedSchema,
    client: messageCreatedSchema,
    toClient: identity,
  }),
  "messages.read": liveEvent({
    topic: "user",
    audience: "the reader's open pages, and the sender's (their messages show as read)",
    wire: messagesReadSchema,
    client: messagesReadSchema,
    toClient: identity,
  }),
} as const;

export type LiveEventName = keyof typeof LIVE_EVENTS;
export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENTS) as LiveEventName[];
export type LiveWire<N extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[N]["wire"]>;
export type LiveClientEvent<N extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[N]["client"]>;

export function isLiveEventName(name: string): name is LiveEventName {
  return Object.hasOwn(LIVE_EVENTS, name);
}
