import type { QueryClient } from "@tanstack/react-query";
import type { LiveEventName } from "../../core/events";
import type { NotificationKind } from "../../core/notifications";
import { afterCancellationChanged } from "../features/cancellations/cache";
import { afterFeedbackChanged } from "../features/feedback/cache";
import { onAuctionUpdated as showAuctionOnPage } from "../features/listing-detail/cache";
import { onAuctionUpdated as showAuctionOnCards } from "../features/listings/cache";
import { onMessageCreated, onMessagesRead } from "../features/messages/cache";
import { onNotificationCreated, onNotificationsUnread } from "../features/notifications/cache";
import { afterOfferChanged } from "../features/offers/cache";
import { afterReturnChanged } from "../features/returns/cache";
import { afterShippingChanged } from "../features/shipping/cache";
import { invalidate } from "../lib/invalidate";
import type { LiveEffect, LiveEventPayloads } from "../lib/live-events";
import { queryKeys } from "../lib/query-keys";

/*
 * What each live event does to the caches, composed from the features that own the data: each
 * feature declares its own effect (its cache.ts), and this file routes every event, and every
 * notification kind, to them. Both maps are keyed by every name there is (core/events.ts,
 * core/notifications.ts), so a new event or kind that nobody routed fails the type check.
 * Loaded with the events' schemas on the first live event (client/lib/live-auctions.ts).
 */

type KindEffect = (client: QueryClient) => Promise<void>;

/**
 * What a notification means beyond the notification lists, by kind: null when nothing else on
 * the page reads differently (the other side's change reaches this page's data only through it).
 */
const notificationKindEffects: { readonly [K in NotificationKind]: KindEffect | null } = {
  outbid: null,
  auction_won: null,
  auction_lost: null,
  order_paid: null,
  watched_item_ending: null,
  watched_item_price_drop: null,
  watched_item_ended: null,
  watched_item_relisted: null,
  saved_search_match: null,
  followed_seller_listed: null,
  auction_sold: null,
  auction_unsold: null,
  item_sold: null,
  feedback_received: null,
  message_received: null,
  // An order's shipping state moved.
  order_shipped: afterShippingChanged,
  order_received: afterShippingChanged,
  shipping_late: afterShippingChanged,
  // A cancellation or refund moved.
  cancellation_requested: afterCancellationChanged,
  cancellation_answered: afterCancellationChanged,
  // A refund may close a return or a case too.
  refund_issued: (client) =>
    Promise.all([afterCancellationChanged(client), afterReturnChanged(client)]).then(() => {}),
  listing_held: null,
  listing_approved: null,
  listing_removed: null,
  listing_restored: null,
  auction_cancelled: null,
  account_warning: null,
  account_suspended: null,
  account_reinstated: null,
  // The seller's money pages (issue 26) refetch on their own.
  payout_sent: null,
  payout_failed: null,
  payouts_on_hold: null,
  onboarding_needed: null,
  // Best Offer: the listing page's offer state and the offer lists of both sides.
  offer_received: afterOfferChanged,
  offer_countered: afterOfferChanged,
  offer_accepted: afterOfferChanged,
  offer_declined: afterOfferChanged,
  offer_expired: afterOfferChanged,
  // A feedback revision was asked for or made, or staff removed feedback: the order's page and
  // lists, and the seller's rating and profile.
  feedback_revision_requested: afterFeedbackChanged,
  feedback_revised: afterFeedbackChanged,
  feedback_removed: afterFeedbackChanged,
  report_outcome: null,
  // Returns, missing parcels and cases: the order page and both sides' lists.
  return_requested: afterReturnChanged,
  return_updated: afterReturnChanged,
  case_decided: afterReturnChanged,
};

const byKind: LiveEffect<"notification.created"> = (client, { notification }) => {
  const effect = notification ? notificationKindEffects[notification.kind] : null;
  if (effect) void effect(client);
};

/**
 * Every live event's effects, in order; each is safe to run twice with the same payload (events
 * can arrive late or twice: reconnects, several instances).
 */
const liveEffects: { readonly [N in LiveEventName]: readonly LiveEffect<N>[] } = {
  "auction.updated": [showAuctionOnPage, showAuctionOnCards],
  "notification.created": [onNotificationCreated, byKind],
  "notifications.unread": [onNotificationsUnread],
  "message.created": [onMessageCreated],
  "messages.read": [onMessagesRead],
};

/** Runs the effects of one parsed live event (spares the caller a cast on a union of names). */
export function applyLiveEvent<N extends LiveEventName>(
  client: QueryClient,
  name: N,
  payload: LiveEventPayloads[N],
): void {
  for (const effect of liveEffects[name] as readonly LiveEffect<N>[]) effect(client, payload);
}

/**
 * The live connection came back after a drop: the server does not replay what was missed, so
 * whatever bids, settlements and notifications move is refetched.
 */
export function afterLiveReconnect(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.all,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails, // an auction that ended leaves the counts
    queryKeys.store.all,
    queryKeys.myListings.all,
    queryKeys.myBids.all,
    queryKeys.orders.all, // a won auction opens an order
    queryKeys.sales.all,
    queryKeys.notifications.lists,
    queryKeys.messages.all,
  ]);
}
