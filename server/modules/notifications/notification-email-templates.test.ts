import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../core/notifications";
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
import { type ClaimedNotification, notificationEmailFor } from "./notification-email-templates";

// Which email each kind of notification makes, and from which facts: every kind, with all the
// facts any email reads, then with none of them (the listing, order or search gone), when every
// kind falls back to its plain notice. The templates' own wording is mail/templates.ts's.
const PUBLIC_URL = "https://tradewinds.test";
const URL = `${PUBLIC_URL}/my/things?tab=1`;

/** A claimed notification of `kind` whose listing, order, search and conversation all exist. */
function claimed(
  kind: NotificationKind,
  facts: Partial<ClaimedNotification> = {},
): ClaimedNotification {
  return {
    id: `${kind}-1`,
    user_id: "user-ana",
    kind,
    message: `The "${kind}" notice & its <text>.`,
    link: "/my/things?tab=1",
    listing_id: "listing-bowl",
    email: "ana@test.example",
    full_name: "Ana Maria Lopes",
    title: 'Carved <calabash> "bowl"',
    current_bid_cents: 1050,
    order_id: "0a1b2c3d-0000-4000-8000-000000000000",
    order_total_cents: 4250,
    order_lines: [
      { listingId: "listing-basket", title: "Woven palm basket", quantity: 1 },
      { listingId: "listing-bowl", title: "Carved bowl", quantity: 2 },
    ],
    conversation_id: "conversation-1",
    saved_search_id: "search-1",
    saved_search: { name: "Bowls", query: { q: "bowl", territory: ["jm", "tt"] } },
    unread_message: {
      sender: "marlon",
      text: "  Still for sale?\n\nI can pick up.",
      attachments: 1,
      unread: 3,
    },
    wanted: true,
    ...facts,
  };
}

const plain = (n: ClaimedNotification): Email =>
  notificationEmail(n.email, "Ana", n.message, `${PUBLIC_URL}${n.link ?? "/"}`);

/** Each kind's email when every fact is there. */
const WITH_FACTS: Record<NotificationKind, (n: ClaimedNotification) => Email> = {
  outbid: (n) => outbidEmail(n.email, "Ana", 'Carved <calabash> "bowl"', "US $10.50", URL),
  auction_won: (n) => wonEmail(n.email, "Ana", 'Carved <calabash> "bowl"', "US $10.50", URL),
  auction_lost: plain,
  order_paid: (n) =>
    orderPaidEmail(
      n.email,
      "Ana",
      "0a1b2c3d",
      "US $42.50",
      ["1 × Woven palm basket", "2 × Carved bowl"],
      URL,
    ),
  watched_item_ending: plain,
  watched_item_price_drop: plain,
  watched_item_ended: plain,
  watched_item_relisted: plain,
  saved_search_match: (n) =>
    savedSearchDigestEmail(
      n.email,
      "Ana",
      "Bowls",
      [{ title: 'Carved <calabash> "bowl"', url: URL }],
      `${PUBLIC_URL}/listings?q=bowl&territory=jm&territory=tt`,
    ),
  followed_seller_listed: plain,
  auction_sold: (n) =>
    auctionEndedSellerEmail(
      n.email,
      "Ana",
      'Carved <calabash> "bowl"',
      `${n.message} The buyer has been asked to pay.`,
      URL,
    ),
  auction_unsold: (n) =>
    auctionEndedSellerEmail(n.email, "Ana", 'Carved <calabash> "bowl"', n.message, URL),
  item_sold: (n) => itemSoldEmail(n.email, "Ana", "Carved bowl", 2, "0a1b2c3d", URL),
  feedback_received: plain,
  feedback_revision_requested: plain,
  feedback_revised: plain,
  feedback_removed: plain,
  report_outcome: plain,
  message_received: (n) =>
    messageEmail(n.email, "Ana", "marlon", "  Still for sale?\n\nI can pick up.", 1, 2, URL),
  order_shipped: plain,
  order_received: plain,
  shipping_late: plain,
  cancellation_requested: plain,
  cancellation_answered: plain,
  refund_issued: (n) => refundEmail(n.email, "Ana", "0a1b2c3d", n.message, URL),
  listing_held: plain,
  listing_approved: plain,
  listing_removed: plain,
  listing_restored: plain,
  auction_cancelled: plain,
  account_warning: plain,
  account_suspended: plain,
  account_reinstated: plain,
  payout_sent: plain,
  payout_failed: plain,
  payouts_on_hold: plain,
  onboarding_needed: plain,
  offer_received: plain,
  offer_countered: plain,
  offer_accepted: plain,
  offer_declined: plain,
  offer_expired: plain,
  return_requested: plain,
  return_updated: plain,
  case_decided: plain,
};

describe("notificationEmailFor", () => {
  it.each(NOTIFICATION_KINDS)("makes a %s notification's email from its facts", (kind) => {
    const n = claimed(kind);
    expect(notificationEmailFor([n], PUBLIC_URL)).toEqual(WITH_FACTS[kind](n));
  });

  it.each(NOTIFICATION_KINDS)(
    "makes a %s notification without its facts a plain notice",
    (kind) => {
      const n = claimed(kind, {
        link: null,
        listing_id: null,
        title: null,
        current_bid_cents: null,
        order_id: null,
        order_total_cents: null,
        order_lines: null,
        conversation_id: null,
        saved_search_id: null,
        saved_search: null,
        unread_message: null,
      });
      expect(notificationEmailFor([n], PUBLIC_URL)).toEqual(plain(n));
    },
  );

  it("falls back to the plain notice when one fact a template needs is missing", () => {
    const missing: [NotificationKind, Partial<ClaimedNotification>][] = [
      ["outbid", { current_bid_cents: null }],
      ["auction_won", { current_bid_cents: null }],
      ["order_paid", { order_total_cents: null }],
      ["order_paid", { order_lines: null }],
      ["refund_issued", { order_lines: null }],
      ["item_sold", { listing_id: "listing-gone" }],
      ["item_sold", { order_id: null }],
      ["auction_sold", { title: null }],
      ["auction_unsold", { title: null }],
      // An older message notice names no conversation.
      ["message_received", { conversation_id: null }],
    ];
    for (const [kind, facts] of missing) {
      const n = claimed(kind, facts);
      expect(notificationEmailFor([n], PUBLIC_URL), `${kind} ${JSON.stringify(facts)}`).toEqual(
        plain(n),
      );
    }
    // A seller's sold notice needs its listing's title, not its price.
    const sold = claimed("auction_sold", { current_bid_cents: null });
    expect(notificationEmailFor([sold], PUBLIC_URL)).toEqual(WITH_FACTS.auction_sold(sold));
  });

  it("makes one digest of a saved search's matches, each with its own title and link", () => {
    const first = claimed("saved_search_match");
    const second = claimed("saved_search_match", { id: "2", title: null, link: "/listing/2" });
    expect(notificationEmailFor([first, second], PUBLIC_URL)).toEqual(
      savedSearchDigestEmail(
        first.email,
        "Ana",
        "Bowls",
        [
          { title: 'Carved <calabash> "bowl"', url: URL },
          { title: "A new listing", url: `${PUBLIC_URL}/listing/2` },
        ],
        `${PUBLIC_URL}/listings?q=bowl&territory=jm&territory=tt`,
      ),
    );
  });
});
