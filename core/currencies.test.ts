import { describe, expect, it } from "vitest";
import {
  approx,
  CURRENCIES,
  describeApprox,
  FLOATING_CURRENCIES,
  formatApprox,
  isStale,
  isValidRate,
  peggedRates,
} from "./currencies";
import { formatMoney, formatUsd } from "./money";

describe("formatUsd", () => {
  it("marks US dollars", () => {
    expect(formatUsd(4099)).toBe("US $40.99");
    expect(formatUsd(123456)).toBe("US $1,234.56");
    expect(formatMoney(4099)).toBe("$40.99");
  });
});

describe("approx", () => {
  it("converts at a pegged rate exactly", () => {
    expect(approx(4099, "XCD", CURRENCIES.XCD.peg)).toBe(11067); // 110.673 -> 110.67
    expect(approx(1000, "BBD", CURRENCIES.BBD.peg)).toBe(2000);
    expect(approx(12000, "KYD", CURRENCIES.KYD.peg)).toBe(10000); // US $120 = KYD 100
  });

  it("converts at a floating rate, rounding half away from zero to the minor unit", () => {
    // 4099 * 157.35 = 644,977.65 JMD cents
    expect(approx(4099, "JMD", "157.35")).toBe(644978);
    // 1 cent at 0.5 per dollar is half a minor unit: rounds up, and down for a refund
    expect(approx(1, "EUR", "0.5")).toBe(1);
    expect(approx(-1, "EUR", "0.5")).toBe(-1);
    expect(approx(1, "EUR", "0.49")).toBe(0);
    // No float drift: 0.1 + 0.2 style rates stay exact
    expect(approx(333, "EUR", "0.3")).toBe(100); // 99.9 -> 100
  });

  it("works beyond double precision on large amounts", () => {
    expect(approx(9_000_000_000_00, "HTG", "131.123456")).toBe(118_011_110_400_000);
  });

  it("refuses fractions of a cent", () => {
    expect(() => approx(1.5, "JMD", "157")).toThrow(RangeError);
  });
});

describe("formatApprox", () => {
  it("rounds to whole units at 100 or more", () => {
    expect(formatApprox(644978, "JMD")).toBe("JMD 6,450");
    expect(formatApprox(10000, "XCD")).toBe("XCD 100");
    expect(formatApprox(9999, "XCD")).toBe("XCD 99.99");
    expect(formatApprox(135, "XCD")).toBe("XCD 1.35");
    expect(formatApprox(5, "BBD")).toBe("BBD 0.05");
    expect(formatApprox(123_456_789_00, "HTG")).toBe("HTG 123,456,789");
  });

  it("matches the issue's example", () => {
    expect(
      `${formatUsd(4099)} (approx. ${formatApprox(approx(4099, "JMD", "157.35"), "JMD")})`,
    ).toBe("US $40.99 (approx. JMD 6,450)");
  });
});

describe("rates", () => {
  it("knows the fixed pegs", () => {
    const pegs = Object.fromEntries(peggedRates().map((r) => [r.currency, r.rate]));
    expect(pegs).toMatchObject({
      XCD: "2.7",
      BBD: "2",
      BSD: "1",
      BZD: "2",
      KYD: "0.833333",
      AWG: "1.79",
      XCG: "1.79",
    });
    expect([...FLOATING_CURRENCIES].sort()).toEqual([
      "DOP",
      "EUR",
      "GYD",
      "HTG",
      "JMD",
      "SRD",
      "TTD",
    ]);
  });

  it("validates rates", () => {
    expect(isValidRate("157.35")).toBe(true);
    expect(isValidRate("0.000001")).toBe(true);
    expect(isValidRate("0")).toBe(false);
    expect(isValidRate("1.1234567")).toBe(false);
    expect(isValidRate("-1")).toBe(false);
    expect(isValidRate("1e3")).toBe(false);
  });

  it("calls a floating rate stale after 7 days, a pegged rate never", () => {
    const today = new Date("2026-11-29T12:00:00Z");
    expect(isStale("2026-11-25", today)).toBe(false);
    expect(isStale("2026-11-22", today)).toBe(false);
    expect(isStale("2026-11-21", today)).toBe(true);
    expect(isStale("2026-11-22", new Date("2026-11-30T00:00:01Z"))).toBe(true);
    expect(isStale(null, today)).toBe(false);
  });
});

describe("describeApprox", () => {
  const now = new Date("2026-11-29T12:00:00Z");

  it("says a fresh floating rate's date on hover", () => {
    const d = describeApprox(4099, { currency: "JMD", rate: "157.35", asOf: "2026-11-28" }, now);
    expect(d).toEqual({
      text: "approx. JMD 6,450",
      title: "Rate as of Nov 28, 2026: 1 US dollar = 157.35 JMD. You pay in US dollars.",
      stale: false,
    });
  });

  it("still shows a stale rate, saying how old it is", () => {
    const d = describeApprox(4099, { currency: "SRD", rate: "38.1", asOf: "2026-11-17" }, now);
    expect(d.stale).toBe(true);
    expect(d.text).toBe("approx. SRD 1,562, rate of Nov 17, 2026");
    expect(d.title).toContain("(out of date)");
  });

  it("calls a pegged rate fixed", () => {
    const d = describeApprox(4099, { currency: "XCD", rate: "2.7", asOf: null }, now);
    expect(d.text).toBe("approx. XCD 111");
    expect(d.title).toBe("Fixed rate: 1 US dollar = 2.7 XCD. You pay in US dollars.");
  });
});
