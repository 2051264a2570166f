import { z } from "zod";

/**
 * Every kind of notification there is. The server stores only these (a CHECK constraint on
 * notifications.kind and notification_preferences.kind, built from this list); the preferences
 * screen lists them in this order. Adding a kind: add it here with its definition below, then
 * generate a migration (the constraints change with the list).
 */
export const NOTIFICATION_KINDS = [
  "outbid",
  "auction_won",
  "auction_lost",
  "order_paid",
  "watched_item_ending",
  "watched_item_price_drop",
  "watched_item_ended",
  "watched_item_relisted",
  "saved_search_match",
  "followed_seller_listed",
  "auction_sold",
  "auction_unsold",
  "item_sold",
  "feedback_received",
  "message_received",
  "order_shipped",
  "order_received",
  "shipping_late",
  "cancellation_requested",
  "cancellation_answered",
  "refund_issued",
  "listing_held",
  "listing_approved",
  "listing_removed",
  "listing_restored",
  "auction_cancelled",
  "account_warning",
  "account_suspended",
  "account_reinstated",
  "payout_sent",
  "payout_failed",
  "payouts_on_hold",
  "onboarding_needed",
  "offer_received",
  "offer_countered",
  "offer_accepted",
  "offer_declined",
  "offer_expired",
  "feedback_revision_requested",
  "feedback_revised",
  "feedback_removed",
  "report_outcome",
  "return_requested",
  "return_updated",
  "case_decided",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** The preferences screen's groups, in order. */
export const NOTIFICATION_GROUPS = [
  { id: "buying", title: "Buying" },
  { id: "selling", title: "Selling" },
  { id: "messages", title: "Messages" },
  { id: "account", title: "Account and safety" },
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number]["id"];

interface KindDefinition<P> {
  /** Its name on the preferences screen. */
  label: string;
  /** One line under the label: when it is sent. */
  hint: string;
  group: NotificationGroup;
  /** Whether it is emailed until the user says otherwise (in-app it is always shown). */
  emailByDefault: boolean;
  /**
   * Emailed whatever the preferences say: what staff did to the user's account or listings, with
   * their reason (a suspended user cannot sign in to read it anywhere else).
   */
  emailAlways?: true;
  /** The notification's text. */
  text: (params: P) => string;
}

function kind<P>(definition: KindDefinition<P>): KindDefinition<P> {
  return definition;
}

/**
 * Each kind's label, default and text. Money and order numbers arrive formatted (formatMoney,
 * orderNumber), so the texts read the same wherever they are made.
 */
export const NOTIFICATION_REGISTRY = {
  // Written with this text by the database function place_bid() (its SQL is the bidding
  // module's); server/modules/notifications/notifications.test.ts checks that the two agree.
  outbid: kind({
    label: "You've been outbid",
    hint: "Someone bid more than your maximum on an auction you're bidding on.",
    group: "buying",
    emailByDefault: true,
    text: (p: { title: string; price: string }) =>
      `You've been outbid on "${p.title}". The current bid is ${p.price}.`,
  }),
  auction_won: kind({
    label: "You won an auction",
    hint: "An auction you led has ended and the item is yours to pay for.",
    group: "buying",
    emailByDefault: true,
    text: (p: { title: string; price: string }) =>
      `You won "${p.title}" for ${p.price}. Pay for it from your purchase history.`,
  }),
  auction_lost: kind({
    label: "Reserve price not met",
    hint: "An auction you led has ended without a sale because the reserve price was not met.",
    group: "buying",
    emailByDefault: true,
    text: (p: { title: string }) =>
      `"${p.title}" ended without a sale: the reserve price was not met.`,
  }),
  order_paid: kind({
    label: "Payment received",
    hint: "Your payment for an order went through.",
    group: "buying",
    emailByDefault: true,
    text: (p: { number: string; total: string }) =>
      `Payment received for order ${p.number} (${p.total}).`,
  }),
  watched_item_ending: kind({
    label: "Watched item ending soon",
    hint: "An item on your watchlist is about to end.",
    group: "buying",
    emailByDefault: false,
    text: (p: { title: string }) => `"${p.title}" on your watchlist is ending soon.`,
  }),
  watched_item_price_drop: kind({
    label: "Watched item price drop",
    hint: "The price of an item on your watchlist went down, or Buy It Now came back.",
    group: "buying",
    emailByDefault: false,
    text: (p: { title: string; price: string; buyItNow: boolean }) =>
      p.buyItNow
        ? `"${p.title}" on your watchlist can be bought now for ${p.price}.`
        : `"${p.title}" on your watchlist dropped to ${p.price}.`,
  }),
  watched_item_ended: kind({
    label: "Watched item ended",
    hint: "An item on your watchlist sold out or ended.",
    group: "buying",
    emailByDefault: false,
    text: (p: { title: string; soldOut: boolean }) =>
      p.soldOut
        ? `"${p.title}" on your watchlist sold out.`
        : `"${p.title}" on your watchlist has ended.`,
  }),
  watched_item_relisted: kind({
    label: "Watched item relisted",
    hint: "An item on your watchlist that ended unsold is listed again.",
    group: "buying",
    emailByDefault: false,
    text: (p: { title: string }) => `"${p.title}" on your watchlist is listed again.`,
  }),
  saved_search_match: kind({
    label: "New match for a saved search",
    hint: "A new listing matches one of your saved searches.",
    group: "buying",
    emailByDefault: false,
    text: (p: { search: string; title: string }) =>
      `New match for your saved search "${p.search}": "${p.title}".`,
  }),
  followed_seller_listed: kind({
    label: "New listing from a saved seller",
    hint: "A seller you follow listed something new.",
    group: "buying",
    emailByDefault: false,
    text: (p: { seller: string; title: string }) => `${p.seller} listed "${p.title}".`,
  }),
  auction_sold: kind({
    label: "Your auction sold",
    hint: "An auction of yours has ended with a winning bid.",
    group: "selling",
    emailByDefault: true,
    text: (p: { title: string; price: string }) => `"${p.title}" sold for ${p.price}.`,
  }),
  auction_unsold: kind({
    label: "Your auction ended without a sale",
    hint: "An auction of yours had no bids, or none that met your reserve price.",
    group: "selling",
    emailByDefault: true,
    text: (p: { title: string; reason: "no_bids" | "reserve_not_met" }) =>
      `"${p.title}" ended without a sale: ${
        p.reason === "no_bids" ? "it had no bids" : "the reserve price was not met"
      }.`,
  }),
  item_sold: kind({
    label: "Item sold",
    hint: "A buyer paid for something you listed.",
    group: "selling",
    emailByDefault: true,
    text: (p: { quantity: number; title: string; number: string }) =>
      `You sold ${p.quantity} × "${p.title}" (order ${p.number}).`,
  }),
  feedback_received: kind({
    label: "Feedback received",
    hint: "Someone left feedback about a sale or purchase with you.",
    group: "selling",
    emailByDefault: false,
    text: (p: { from: string }) => `${p.from} left you feedback.`,
  }),
  message_received: kind({
    label: "New message",
    hint: "Someone sent you a message.",
    group: "messages",
    emailByDefault: true,
    text: (p: { from: string }) => `${p.from} sent you a message.`,
  }),
  order_shipped: kind({
    label: "Order shipped",
    hint: "A seller shipped your order or has it ready for pickup.",
    group: "buying",
    emailByDefault: true,
    text: (p: { seller: string; number: string; pickup: boolean }) =>
      p.pickup
        ? `${p.seller} has order ${p.number} ready for pickup.`
        : `${p.seller} shipped order ${p.number}.`,
  }),
  order_received: kind({
    label: "Order received",
    hint: "A buyer marked your shipment as received.",
    group: "selling",
    emailByDefault: false,
    text: (p: { buyer: string; number: string }) => `${p.buyer} received order ${p.number}.`,
  }),
  shipping_late: kind({
    label: "Shipping overdue",
    hint: "An order was not shipped within the 3 business days of handling time.",
    group: "selling",
    emailByDefault: true,
    text: (p: { number: string; seller: boolean }) =>
      p.seller
        ? `Order ${p.number} is past its handling time: please ship it or contact the buyer.`
        : `Order ${p.number} has not shipped within the seller's handling time. You can contact the seller or ask to cancel.`,
  }),
  cancellation_requested: kind({
    label: "Cancellation requested",
    hint: "A buyer asked to cancel an order you have not shipped yet.",
    group: "selling",
    emailByDefault: true,
    text: (p: { buyer: string; number: string }) => `${p.buyer} asked to cancel order ${p.number}.`,
  }),
  cancellation_answered: kind({
    label: "Cancellation answered",
    hint: "A seller accepted or declined your request to cancel.",
    group: "buying",
    emailByDefault: true,
    text: (p: { seller: string; number: string; accepted: boolean }) =>
      p.accepted
        ? `${p.seller} accepted your cancellation of order ${p.number}; a refund is on its way.`
        : `${p.seller} declined your cancellation of order ${p.number}.`,
  }),
  refund_issued: kind({
    label: "Refund issued",
    hint: "Money was sent back for an order.",
    group: "buying",
    emailByDefault: true,
    // The buyer's text, or (with `buyer`) the seller's: both hear that the money went back, and
    // why when staff issued it (their reason).
    text: (p: { amount: string; number: string; buyer?: string; reason?: string }) =>
      `A refund of ${p.amount} for order ${p.number} was issued to ${p.buyer ?? "your card"}.${
        p.reason ? ` Reason: ${p.reason}` : ""
      }`,
  }),
  // What staff did, with their reason: always emailed (see emailAlways).
  listing_held: kind({
    label: "Listing held for review",
    hint: "A new listing of yours waits for a moderator before it goes live.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { title: string; reason: string }) =>
      `"${p.title}" is held for review before it goes live: ${p.reason}`,
  }),
  listing_approved: kind({
    label: "Listing approved",
    hint: "A moderator let a held listing of yours go live.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { title: string }) => `"${p.title}" was reviewed and is now live.`,
  }),
  listing_removed: kind({
    label: "Listing removed",
    hint: "A moderator took a listing of yours down.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { title: string; reason: string }) =>
      `"${p.title}" was removed by a moderator: ${p.reason}`,
  }),
  listing_restored: kind({
    label: "Listing restored",
    hint: "A moderator put a removed listing of yours back.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { title: string; reason: string }) =>
      `"${p.title}" was restored by a moderator: ${p.reason}`,
  }),
  auction_cancelled: kind({
    label: "Auction cancelled",
    hint: "An auction you bid on was removed by a moderator and ended without a winner.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { title: string }) =>
      `"${p.title}" was removed by a moderator and ended without a winner. Your bid no longer stands.`,
  }),
  account_warning: kind({
    label: "Warning from a moderator",
    hint: "A moderator warned you about something on your account.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { reason: string }) => `A moderator sent you a warning: ${p.reason}`,
  }),
  account_suspended: kind({
    label: "Account suspended",
    hint: "Your account was suspended by a moderator.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { reason: string }) =>
      `Your account has been suspended: ${p.reason} You cannot sign in, bid, list or send messages while it is suspended.`,
  }),
  account_reinstated: kind({
    label: "Account reinstated",
    hint: "Your suspended account was reinstated.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { reason: string }) => `Your account has been reinstated: ${p.reason}`,
  }),
  // The seller's money (issue 26): each links to /my/payments.
  payout_sent: kind({
    label: "Payout sent",
    hint: "Your available balance was sent to your bank.",
    group: "selling",
    emailByDefault: true,
    text: (p: { amount: string; bank: string | null; arrival: string }) =>
      `A payout of ${p.amount} was sent to ${p.bank ? `the bank account ending ${p.bank}` : "your bank"}; it should arrive by ${p.arrival}.`,
  }),
  payout_failed: kind({
    label: "Payout failed",
    hint: "Your bank could not take a payout; the money is back in your available balance.",
    group: "selling",
    emailByDefault: true,
    text: (p: { amount: string; reason: string }) =>
      `Your payout of ${p.amount} failed: ${p.reason}. The money is back in your available balance; check your payout settings.`,
  }),
  payouts_on_hold: kind({
    label: "Payouts on hold",
    hint: "Staff put your payouts on hold, or released them.",
    group: "account",
    emailByDefault: true,
    emailAlways: true,
    text: (p: { reason: string; released: boolean }) =>
      p.released
        ? `Your payouts are no longer on hold: ${p.reason}`
        : `Your payouts are on hold: ${p.reason} Your sales still count; the money waits until the hold ends.`,
  }),
  onboarding_needed: kind({
    label: "Set up payouts",
    hint: "You made a sale and have not yet told us where to send your money.",
    group: "selling",
    emailByDefault: true,
    text: (_p: Record<string, never>) =>
      "You made a sale! Set up payouts so we can send you your money: it waits until you do.",
  }),
  offer_received: kind({
    label: "Offer received",
    hint: "A buyer made an offer on your listing, or countered your counteroffer.",
    group: "selling",
    emailByDefault: true,
    text: (p: { buyer: string; amount: string; title: string; quantity: number }) =>
      `${p.buyer} offered ${p.amount}${p.quantity > 1 ? ` each for ${p.quantity}` : ""} for "${p.title}". Answer within 48 hours.`,
  }),
  offer_countered: kind({
    label: "Counteroffer",
    hint: "A seller answered your offer with a price of their own.",
    group: "buying",
    emailByDefault: true,
    text: (p: { amount: string; title: string }) =>
      `The seller countered your offer on "${p.title}" with ${p.amount}. Answer within 48 hours.`,
  }),
  offer_accepted: kind({
    label: "Offer accepted",
    hint: "An offer you made or answered was accepted: the item waits for payment.",
    group: "buying",
    emailByDefault: true,
    text: (p: { amount: string; title: string; role: "buyer" | "seller" }) =>
      p.role === "buyer"
        ? `Your offer of ${p.amount} for "${p.title}" was accepted. Pay within 48 hours to get it.`
        : `You agreed ${p.amount} for "${p.title}". The buyer has 48 hours to pay.`,
  }),
  offer_declined: kind({
    label: "Offer declined",
    hint: "An offer you made, or a counteroffer you sent, was declined.",
    group: "buying",
    emailByDefault: true,
    text: (p: { amount: string; title: string; role: "buyer" | "seller"; reason: string | null }) =>
      `${p.role === "buyer" ? `Your offer of ${p.amount}` : `Your counteroffer of ${p.amount}`} for "${p.title}" was declined.${p.reason ? ` ${p.reason}` : ""}`,
  }),
  offer_expired: kind({
    label: "Offer expired",
    hint: "An offer or counteroffer, or an agreed price left unpaid, ran out of time.",
    group: "buying",
    emailByDefault: false,
    text: (p: { amount: string; title: string; what: "offer" | "counter" | "unpaid" }) =>
      p.what === "unpaid"
        ? `The agreed price of ${p.amount} for "${p.title}" was not paid within 48 hours, so the order was cancelled.`
        : `The ${p.what === "offer" ? "offer" : "counteroffer"} of ${p.amount} for "${p.title}" expired without an answer.`,
  }),
  feedback_revision_requested: kind({
    label: "Feedback revision requested",
    hint: "A seller asked you to revise neutral or negative feedback you left.",
    group: "buying",
    emailByDefault: true,
    text: (p: { seller: string; title: string; days: number }) =>
      `${p.seller} asked you to revise your feedback for "${p.title}". You can revise it once within ${p.days} days.`,
  }),
  feedback_revised: kind({
    label: "Feedback revised",
    hint: "A buyer revised their feedback after you asked.",
    group: "selling",
    emailByDefault: false,
    text: (p: { buyer: string; title: string; rating: string }) =>
      `${p.buyer} revised their feedback for "${p.title}" to ${p.rating}.`,
  }),
  feedback_removed: kind({
    label: "Feedback removed",
    hint: "Our staff removed feedback you left or received for breaking our feedback policy.",
    group: "account",
    emailByDefault: true,
    text: (p: { title: string; reason: string; author: boolean }) =>
      p.author
        ? `Your feedback for "${p.title}" was removed by our staff: ${p.reason}`
        : `Feedback you received for "${p.title}" was removed by our staff and no longer counts: ${p.reason}`,
  }),
  report_outcome: kind({
    label: "Report reviewed",
    hint: "Our staff reviewed something you reported.",
    group: "account",
    emailByDefault: true,
    // What was done to whom stays private; the reporter hears whether action was taken.
    text: (p: { subject: string; actionTaken: boolean }) =>
      p.actionTaken
        ? `We reviewed your report about ${p.subject} and took action. Thank you for telling us.`
        : `We reviewed your report about ${p.subject} and found it does not break our rules. Thank you for telling us.`,
  }),
  // Returns and "item not received" (decision 0023): the seller hears of a new request; each
  // later step reaches the other side; staff's decision reaches both, with its reason.
  return_requested: kind({
    label: "Return or missing item",
    hint: "A buyer asked to return an item or said a parcel has not arrived.",
    group: "selling",
    emailByDefault: true,
    text: (p: { buyer: string; number: string; notReceived: boolean; reason?: string }) =>
      p.notReceived
        ? `${p.buyer} says order ${p.number} has not arrived. Answer within 3 business days.`
        : `${p.buyer} asked to return order ${p.number} (${p.reason}). Answer within 3 business days.`,
  }),
  return_updated: kind({
    label: "Return or request updated",
    hint: "The other side answered, shipped a return back, or asked Tradewinds to step in.",
    group: "buying",
    emailByDefault: true,
    text: (p: { who: string; number: string; what: string }) =>
      `${p.who} ${p.what} (order ${p.number}).`,
  }),
  case_decided: kind({
    label: "Case decided",
    hint: "Tradewinds decided a case about one of your orders.",
    group: "buying",
    emailByDefault: true,
    text: (p: { number: string; outcome: string; reason: string }) =>
      `Tradewinds decided the case about order ${p.number}: ${p.outcome}. Reason: ${p.reason}`,
  }),
} as const satisfies { [K in NotificationKind]: KindDefinition<never> };

type Registry = typeof NOTIFICATION_REGISTRY;
export type NotificationTextParams<K extends NotificationKind> = Parameters<Registry[K]["text"]>[0];

/** The text of a notification of `kind`. */
export function notificationText<K extends NotificationKind>(
  kind: K,
  params: NotificationTextParams<K>,
): string {
  return (NOTIFICATION_REGISTRY[kind].text as (p: NotificationTextParams<K>) => string)(params);
}

/** Whether a kind is emailed to someone who never changed its preference. */
export function emailByDefault(kind: NotificationKind): boolean {
  return NOTIFICATION_REGISTRY[kind].emailByDefault;
}

/** Whether a kind is emailed whatever the user's preferences say (staff actions). */
export function emailAlways(kind: NotificationKind): boolean {
  return (NOTIFICATION_REGISTRY[kind] as KindDefinition<never>).emailAlways === true;
}

/** The kinds not emailed unless the user turns them on. */
export const KINDS_EMAILED_ONLY_WHEN_ASKED: readonly NotificationKind[] = NOTIFICATION_KINDS.filter(
  (k) => !emailByDefault(k),
);

/** Narrows a stored kind (text in the database) to the registry's. */
export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
