import { describe, expect, it } from "vitest";
import { formatMoney, formatShipping, parseMoneyToCents } from "./money";

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [1999, "$19.99"],
    [123456, "$1,234.56"],
    [100000000, "$1,000,000.00"],
  ])("formats %i cents as %s", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it("shows free shipping as Free", () => {
    expect(formatShipping(0)).toBe("Free");
    expect(formatShipping(1250)).toBe("$12.50");
  });
});

describe("parseMoneyToCents", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.05", 1205],
    ["$1,234.56", 123456],
    ["0.1", 10],
    [" 7 ", 700],
  ])("reads %s as %i cents", (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each(["", "abc", "-5", "1.234", "1e3", "12.3.4"])("refuses %s", (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });
});
