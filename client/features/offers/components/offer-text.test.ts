import { describe, expect, it } from "vitest";
import type { Offer } from "../../../../core/contracts/offers";
import { agreedCents, offerAmountText, offerStatusPill, payableOrderId } from "./offer-text";

const base: Offer = {
  id: "o1",
  status: "pending",
  amountCents: 7_000,
  quantity: 2,
  message: null,
  counterCents: null,
  counterMessage: null,
  declineMessage: null,
  awaiting: "seller",
  expiresAt: "2026-12-01T00:00:00.000Z",
  createdAt: "2026-11-29T00:00:00.000Z",
  orderId: null,
  orderStatus: null,
  listing: { id: "l1", title: "Tray", priceCents: 10_000, image: null },
  buyer: { id: "b1", username: "keisha" },
  seller: { id: "s1", username: "marcus" },
};

describe("offer texts", () => {
  it("names who must answer, in each side's words", () => {
    expect(offerStatusPill(base, "seller").label).toBe("Waiting for your answer");
    expect(offerStatusPill(base, "buyer").label).toBe("Waiting for the seller");
    const countered = { ...base, status: "countered" as const, counterCents: 8_500 };
    expect(offerStatusPill(countered, "buyer").label).toBe("Seller countered");
    expect(offerStatusPill(countered, "seller").label).toBe("Countered: waiting for the buyer");
  });

  it("prices a quantity each, and an agreement at the counter the buyer accepted", () => {
    expect(offerAmountText(7_000, 2)).toBe("US $70.00 each × 2");
    expect(offerAmountText(7_000, 1)).toBe("US $70.00");
    expect(agreedCents({ ...base, status: "accepted", counterCents: 8_500 })).toBe(8_500);
    expect(agreedCents({ ...base, status: "accepted" })).toBe(7_000);
  });

  it("offers Pay now only for an accepted offer whose order waits for payment", () => {
    const accepted = { ...base, status: "accepted" as const, awaiting: null, orderId: "ord" };
    expect(payableOrderId({ ...accepted, orderStatus: "pending" })).toBe("ord");
    expect(payableOrderId({ ...accepted, orderStatus: "paid" })).toBeNull();
    expect(payableOrderId({ ...accepted, orderStatus: "expired" })).toBeNull();
    expect(payableOrderId({ ...base, orderId: "ord", orderStatus: "pending" })).toBeNull();
  });
});
