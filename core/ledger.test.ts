import { describe, expect, it } from "vitest";
import { isPayoutDay, nextPayoutDay, releaseDate, splitProportionally } from "./ledger";

const at = (iso: string) => new Date(iso);

describe("releaseDate", () => {
  it("takes the earlier of delivery + 3 days and tracked shipment + 7 days", () => {
    expect(
      releaseDate({
        newSeller: false,
        shippedWithTrackingAt: at("2026-01-01T00:00:00Z"),
        deliveredAt: at("2026-01-03T00:00:00Z"),
      }),
    ).toEqual(at("2026-01-06T00:00:00Z"));
    expect(
      releaseDate({
        newSeller: false,
        shippedWithTrackingAt: at("2026-01-01T00:00:00Z"),
        deliveredAt: at("2026-01-06T00:00:00Z"),
      }),
    ).toEqual(at("2026-01-08T00:00:00Z"));
  });
  it("waits 14 days for a new seller, and has no date before either event", () => {
    expect(
      releaseDate({
        newSeller: true,
        shippedWithTrackingAt: at("2026-01-01T00:00:00Z"),
        deliveredAt: null,
      }),
    ).toEqual(at("2026-01-15T00:00:00Z"));
    expect(
      releaseDate({ newSeller: false, shippedWithTrackingAt: null, deliveredAt: null }),
    ).toBeNull();
  });
});

describe("splitProportionally", () => {
  it("sums exactly to the total", () => {
    for (const [total, weights] of [
      [100, [1, 1, 1]],
      [1, [3, 3]],
      [999, [10, 20, 30, 7]],
      [0, [5, 5]],
    ] as const) {
      const parts = splitProportionally(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((p) => p >= 0)).toBe(true);
    }
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });
});

describe("payout days", () => {
  const monday = at("2026-11-30T15:00:00Z");
  it("pays daily every day and weekly on the chosen day", () => {
    expect(isPayoutDay({ schedule: "daily", weeklyDay: 3 }, monday)).toBe(true);
    expect(isPayoutDay({ schedule: "weekly", weeklyDay: 1 }, monday)).toBe(true);
    expect(isPayoutDay({ schedule: "weekly", weeklyDay: 2 }, monday)).toBe(false);
  });
  it("answers today until today's run paid, then the next payout day", () => {
    expect(nextPayoutDay({ schedule: "daily", weeklyDay: 1 }, monday, false)).toEqual(
      at("2026-11-30T00:00:00Z"),
    );
    expect(nextPayoutDay({ schedule: "daily", weeklyDay: 1 }, monday, true)).toEqual(
      at("2026-12-01T00:00:00Z"),
    );
    expect(nextPayoutDay({ schedule: "weekly", weeklyDay: 1 }, monday, true)).toEqual(
      at("2026-12-07T00:00:00Z"),
    );
    expect(nextPayoutDay({ schedule: "weekly", weeklyDay: 5 }, monday, false)).toEqual(
      at("2026-12-04T00:00:00Z"),
    );
  });
});
