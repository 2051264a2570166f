import { describe, expect, it } from "vitest";
import { niceTop } from "./chart-scale";

describe("niceTop", () => {
  it("is 1 for an empty or all-zero series, so bars never divide by zero", () => {
    expect(niceTop(0)).toBe(1);
    expect(niceTop(-3)).toBe(1);
    expect(niceTop(Number.NaN)).toBe(1);
  });

  it("rounds up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceTop(1)).toBe(1);
    expect(niceTop(3)).toBe(5);
    expect(niceTop(7)).toBe(10);
    expect(niceTop(10)).toBe(10);
    expect(niceTop(11)).toBe(20);
    expect(niceTop(21)).toBe(25);
    expect(niceTop(26)).toBe(50);
    expect(niceTop(123_456)).toBe(200_000);
  });

  it("is never below the largest value", () => {
    for (let max = 1; max < 5000; max += 37) expect(niceTop(max)).toBeGreaterThanOrEqual(max);
  });
});
