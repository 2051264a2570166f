import { describe, expect, it } from "vitest";
import {
  KINDS_EMAILED_ONLY_WHEN_ASKED,
  NOTIFICATION_GROUPS,
  NOTIFICATION_KINDS,
  NOTIFICATION_REGISTRY,
  notificationKindSchema,
  notificationText,
} from "./notifications";

describe("the notification kinds", () => {
  it("each have a label, a hint and a group the preferences screen shows", () => {
    const groups = NOTIFICATION_GROUPS.map((g) => g.id) as string[];
    expect(Object.keys(NOTIFICATION_REGISTRY).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    const labels = new Set<string>();
    for (const kind of NOTIFICATION_KINDS) {
      const { label, hint, group } = NOTIFICATION_REGISTRY[kind];
      expect(label.length, kind).toBeGreaterThan(0);
      expect(hint.length, kind).toBeGreaterThan(0);
      expect(groups).toContain(group);
      labels.add(label);
    }
    expect(labels.size).toBe(NOTIFICATION_KINDS.length);
  });

  it("email outbid notices, wins, sales, payments and messages unless the user says otherwise", () => {
    for (const kind of [
      "outbid",
      "auction_won",
      "auction_sold",
      "item_sold",
      "order_paid",
      "message_received",
    ] as const)
      expect(NOTIFICATION_REGISTRY[kind].emailByDefault, kind).toBe(true);
    expect(KINDS_EMAILED_ONLY_WHEN_ASKED).toEqual([
      "watched_item_ending",
      "watched_item_price_drop",
      "watched_item_ended",
      "watched_item_relisted",
      "saved_search_match",
      "followed_seller_listed",
      "feedback_received",
      "order_received",
      // The bell says an offer lapsed; the side that made it was already told it was sent.
      "offer_expired",
      // The seller asked for it; the bell and the order page are enough.
      "feedback_revised",
    ]);
  });

  it("word their texts", () => {
    expect(notificationText("outbid", { title: "Steel pan", price: "$120.00" })).toBe(
      'You\'ve been outbid on "Steel pan". The current bid is $120.00.',
    );
    expect(notificationText("auction_unsold", { title: "Steel pan", reason: "no_bids" })).toBe(
      '"Steel pan" ended without a sale: it had no bids.',
    );
    expect(
      notificationText("item_sold", { quantity: 2, title: "Rum cake", number: "ab12cd34" }),
    ).toBe('You sold 2 × "Rum cake" (order ab12cd34).');
  });

  it("refuse anything else", () => {
    expect(notificationKindSchema.safeParse("sold").success).toBe(false);
    expect(notificationKindSchema.safeParse("outbid").success).toBe(true);
  });
});
