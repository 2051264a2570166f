import { describe, expect, it } from "vitest";
import {
  allowedReturnReasons,
  mayEscalate,
  notReceivedOpensAt,
  returnDeadline,
  returnShippingPaidBy,
  sellerMayDecline,
} from "./returns";

describe("return rules", () => {
  it("allows the buyer's own reasons only when the seller accepts returns", () => {
    expect(allowedReturnReasons(0)).toEqual(["not_as_described", "damaged", "wrong_item"]);
    expect(allowedReturnReasons(14)).toHaveLength(5);
  });

  it("counts the window from delivery; the guarantee covers seller faults for 30 days", () => {
    const delivered = new Date("2026-03-02T12:00:00Z");
    expect(returnDeadline("changed_mind", 14, delivered)?.toISOString()).toBe(
      "2026-03-16T12:00:00.000Z",
    );
    expect(returnDeadline("changed_mind", 0, delivered)).toBeNull();
    expect(returnDeadline("damaged", 0, delivered)?.toISOString()).toBe("2026-04-01T12:00:00.000Z");
    expect(returnDeadline("damaged", 60, delivered)?.toISOString()).toBe(
      "2026-05-01T12:00:00.000Z",
    );
  });

  it("has the seller pay postage and forbids declining only for their faults", () => {
    expect(returnShippingPaidBy("wrong_item")).toBe("seller");
    expect(returnShippingPaidBy("doesnt_fit")).toBe("buyer");
    expect(sellerMayDecline("not_as_described")).toBe(false);
    expect(sellerMayDecline("changed_mind")).toBe(true);
  });
});

describe("item not received", () => {
  it("opens after the latest estimated date is over, in Atlantic time", () => {
    const shipped = new Date("2026-03-02T12:00:00Z");
    // Thursday 5 March ends at 04:00 UTC on Friday.
    expect(notReceivedOpensAt(shipped, "2026-03-05").toISOString()).toBe(
      "2026-03-06T04:00:00.000Z",
    );
  });

  it("opens 10 business days after shipment without an estimate", () => {
    // Monday 2 March + 10 business days = Monday 16 March.
    expect(notReceivedOpensAt(new Date("2026-03-02T12:00:00Z"), null).toISOString()).toBe(
      "2026-03-16T12:00:00.000Z",
    );
  });
});

describe("asking Tradewinds to step in", () => {
  const due = new Date("2026-03-05T12:00:00Z");
  it("waits for the seller's 3 business days, unless they said no or offered less", () => {
    expect(mayEscalate({ status: "open", dueAt: due }, new Date("2026-03-05T11:59:00Z"))).toBe(
      false,
    );
    expect(mayEscalate({ status: "open", dueAt: due }, due)).toBe(true);
    expect(mayEscalate({ status: "declined", dueAt: null }, new Date(0))).toBe(true);
    expect(mayEscalate({ status: "offered", dueAt: null }, new Date(0))).toBe(true);
    expect(mayEscalate({ status: "answered", dueAt: null }, new Date(0))).toBe(true);
    expect(mayEscalate({ status: "accepted", dueAt: null }, new Date("2030-01-01"))).toBe(false);
    expect(mayEscalate({ status: "escalated", dueAt: null }, new Date("2030-01-01"))).toBe(false);
  });
});
