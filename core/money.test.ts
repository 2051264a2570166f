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

  it("writes every integer amount as Intl.NumberFormat does", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const amounts = [-100000, -1, 1, 99, 100, 999, 1000, 99999, 100000, 999999, 1000000];
    for (let digits = 1; digits <= 13; digits++) {
      for (let i = 0; i < 50; i++) amounts.push(Math.floor(Math.random() * 10 ** digits));
    }
    for (const cents of amounts) expect(formatMoney(cents)).toBe(intl.format(cents / 100));
    // Past about 10^15 cents, cents / 100 is no longer exact in a double and Intl drifts; the
    // integers are still written exactly.
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe("$90,071,992,547,409.91");
  });

  it("rounds a fraction of a cent as Intl does", () => {
    expect(formatMoney(12.5)).toBe("$0.13");
    expect(formatMoney(Number.NaN)).toBe("$NaN");
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
