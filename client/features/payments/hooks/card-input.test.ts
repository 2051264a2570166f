import { describe, expect, it } from "vitest";
import { digitsOf, formatCardNumber, formatExpiry, isExpiryValid } from "./card-input";

describe("card input", () => {
  it("groups a card number in fours and drops anything but digits", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0000 00")).toBe("4000 0000 00");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(digitsOf("4242 4242 4242 4242 9999", 19)).toHaveLength(19);
  });

  it("puts the slash in an expiry while typing forward, not while deleting", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12", "1")).toBe("12 / ");
    expect(formatExpiry("12 /", "12 / ")).toBe("12");
    expect(formatExpiry("1230")).toBe("12 / 30");
    expect(formatExpiry("12 / 345")).toBe("12 / 34");
  });

  it("accepts this month and later, refuses past months and month 13", () => {
    const now = new Date(2026, 4, 15);
    expect(isExpiryValid("05 / 26", now)).toBe(true);
    expect(isExpiryValid("12/30", now)).toBe(true);
    expect(isExpiryValid("04 / 26", now)).toBe(false);
    expect(isExpiryValid("13 / 30", now)).toBe(false);
    expect(isExpiryValid("1230", now)).toBe(false);
  });
});
