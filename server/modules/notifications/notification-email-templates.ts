import { orderNumber } from "../../../core/cart";
import { formatUsd } from "../../../core/money";
import type { NotificationKind } from "../../../core/notifications";
import type { Email } from "../mail/mailer";
import {
  auctionEndedSellerEmail,
  itemSoldEmail,
  messageEmail,
  notificationEmail,
  orderPaidEmail,
  outbidEmail,
  refundEmail,
  savedSearchDigestEmail,
  wonEmail,
} from "../mail/templates";

/** A notification claimed for its email, with the facts its email may show as they are when sent. */
export interface ClaimedNotification {
  id: string;
  user_id: string;
  kind: NotificationKind;
  message: string;
  link: string | null;
  listing_id: string | null;
  email: string;
  full_name: string;
  title: string | null;
  current_bid_cents: number | null;
  order_id: string | null;
  order_total_cents: number | null;
  /** The order's lines, for notifications about an order. */
  order_lines: { listingId: string; title: string; quantity: number }[] | null;
  conversation_id: string | null;
  /** For a saved-search match: the search, whose matches make one digest email. */
  saved_search_id: string | null;
  saved_search: { name: string; query: Record<string, string | string[]> } | null;
  /**
   * For a message notice: its message, or the first after it still unread when the email is
   * claimed, and how many from there are; null when none is (they read the chat meanwhile).
   */
  unread_message: { sender: string; text: string; attachments: number; unread: number } | null;
  /**
   * False when the user turned this kind's email off, or read the message notice (in the chat)
   * before its email went: claimed only to be cleared.
   */
  wanted: boolean;
  /** The request that stored it (server/trace.ts), logged when its email is sent. */
  trace_id?: string | null;
}

/** A notice of a message in a conversation (older ones name no conversation: emailed as any other). */
export function isMessageNotice(n: ClaimedNotification): boolean {
  return n.kind === "message_received" && n.conversation_id !== null;
}

/** What a template is given: the notifications of one email (most kinds: one) and where links go. */
interface EmailInput {
  /** The notification the email is about: the group's first. */
  n: ClaimedNotification;
  group: ClaimedNotification[];
  firstName: string;
  /** The notification's link, made absolute. */
  url: string;
  publicUrl: string;
}

type EmailTemplate = (input: EmailInput) => Email;

/** Any notification as an email: its message, and a link to what it is about. */
const plainNotice: EmailTemplate = ({ n, firstName, url }) =>
  notificationEmail(n.email, firstName, n.message, url);

/** An order's notice needs the order and its lines; without them (order gone) it is a plain notice. */
function aboutOrder(
  template: (input: EmailInput, number: string, lines: OrderLines) => Email | undefined,
): EmailTemplate {
  return (input) => {
    const { order_id: orderId, order_lines: lines } = input.n;
    if (orderId === null || lines === null) return plainNotice(input);
    return template(input, orderNumber(orderId), lines) ?? plainNotice(input);
  };
}
type OrderLines = NonNullable<ClaimedNotification["order_lines"]>;

/** A listing's notice needs the listing's title; without it (listing gone) it is a plain notice. */
function aboutListing(
  template: (input: EmailInput, title: string) => Email | undefined,
): EmailTemplate {
  return (input) => {
    const { title } = input.n;
    if (title === null) return plainNotice(input);
    return template(input, title) ?? plainNotice(input);
  };
}

/**
 * The email of each kind of notification. Keyed by every kind, so that a kind added to
 * core/notifications.ts does not compile until it is given its email here (most: the plain notice).
 * Outbid notices and a win show the listing's price as it is when sent (for a win, settled: the
 * final price); a paid order's list its items; a saved search's matches make its digest; the
 * seller's and other notices carry their message.
 */
const NOTIFICATION_EMAILS: Record<NotificationKind, EmailTemplate> = {
  outbid: aboutListing(({ n, firstName, url }, title) =>
    n.current_bid_cents === null
      ? undefined
      : outbidEmail(n.email, firstName, title, formatUsd(n.current_bid_cents), url),
  ),
  auction_won: aboutListing(({ n, firstName, url }, title) =>
    n.current_bid_cents === null
      ? undefined
      : wonEmail(n.email, firstName, title, formatUsd(n.current_bid_cents), url),
  ),
  auction_lost: plainNotice,
  order_paid: aboutOrder(({ n, firstName, url }, number, lines) =>
    n.order_total_cents === null
      ? undefined
      : orderPaidEmail(
          n.email,
          firstName,
          number,
          formatUsd(n.order_total_cents),
          lines.map((l) => `${l.quantity} × ${l.title}`),
          url,
        ),
  ),
  watched_item_ending: plainNotice,
  watched_item_price_drop: plainNotice,
  watched_item_ended: plainNotice,
  watched_item_relisted: plainNotice,
  saved_search_match: (input) => {
    const { n, group, firstName, publicUrl } = input;
    const search = n.saved_search;
    if (!search) return plainNotice(input);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(search.query))
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
    return savedSearchDigestEmail(
      n.email,
      firstName,
      search.name,
      group.map((m) => ({
        title: m.title ?? "A new listing",
        url: `${publicUrl}${m.link ?? "/"}`,
      })),
      `${publicUrl}/listings?${params}`,
    );
  },
  followed_seller_listed: plainNotice,
  auction_sold: aboutListing(({ n, firstName, url }, title) =>
    auctionEndedSellerEmail(
      n.email,
      firstName,
      title,
      `${n.message} The buyer has been asked to pay.`,
      url,
    ),
  ),
  auction_unsold: aboutListing(({ n, firstName, url }, title) =>
    auctionEndedSellerEmail(n.email, firstName, title, n.message, url),
  ),
  item_sold: aboutOrder(({ n, firstName, url }, number, lines) => {
    const line = lines.find((l) => l.listingId === n.listing_id);
    return line && itemSoldEmail(n.email, firstName, line.title, line.quantity, number, url);
  }),
  feedback_received: plainNotice,
  feedback_revision_requested: plainNotice,
  feedback_revised: plainNotice,
  feedback_removed: plainNotice,
  report_outcome: plainNotice,
  message_received: (input) => {
    const { n, firstName, url } = input;
    const m = n.unread_message;
    if (!isMessageNotice(n) || !m) return plainNotice(input);
    return messageEmail(n.email, firstName, m.sender, m.text, m.attachments, m.unread - 1, url);
  },
  order_shipped: plainNotice,
  order_received: plainNotice,
  shipping_late: plainNotice,
  cancellation_requested: plainNotice,
  cancellation_answered: plainNotice,
  refund_issued: aboutOrder(({ n, firstName, url }, number) =>
    refundEmail(n.email, firstName, number, n.message, url),
  ),
  listing_held: plainNotice,
  listing_approved: plainNotice,
  listing_removed: plainNotice,
  listing_restored: plainNotice,
  auction_cancelled: plainNotice,
  account_warning: plainNotice,
  account_suspended: plainNotice,
  account_reinstated: plainNotice,
  payout_sent: plainNotice,
  payout_failed: plainNotice,
  payouts_on_hold: plainNotice,
  onboarding_needed: plainNotice,
  offer_received: plainNotice,
  offer_countered: plainNotice,
  offer_accepted: plainNotice,
  offer_declined: plainNotice,
  offer_expired: plainNotice,
  return_requested: plainNotice,
  return_updated: plainNotice,
  case_decided: plainNotice,
};

/** The one email of a group of notifications (see emailGroups), by the first one's kind. */
export function notificationEmailFor(group: ClaimedNotification[], publicUrl: string): Email {
  const n = group[0] as ClaimedNotification;
  // A kind this build does not know (stored by a newer instance during a rolling deploy) still
  // reaches its reader, as the plain notice.
  const template = (NOTIFICATION_EMAILS[n.kind] as EmailTemplate | undefined) ?? plainNotice;
  return template({
    n,
    group,
    firstName: n.full_name.split(" ")[0] ?? "",
    url: `${publicUrl}${n.link ?? "/"}`,
    publicUrl,
  });
}
