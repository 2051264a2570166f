import { describe, expect, it } from "vitest";
import { formatDateTime, formatTimeAgo, formatTimeLeft, timeLeft } from "./time";

const now = Date.parse("2026-11-21T12:00:00Z");

describe("timeLeft", () => {
  it("splits the remaining time into days, hours, minutes and seconds", () => {
    const left = timeLeft(new Date(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000), now);
    expect(left).toMatchObject({ ended: false, days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it("is ended at and after the end", () => {
    expect(timeLeft(new Date(now), now).ended).toBe(true);
    expect(timeLeft(new Date(now - 1000), now)).toMatchObject({ ended: true, days: 0, seconds: 0 });
  });
});

describe("formatTimeLeft", () => {
  it.each([
    [((2 * 24 + 3) * 3600 + 4 * 60) * 1000, "2d 3h 4m"],
    [(3 * 3600 + 15 * 60) * 1000, "3h 15m"],
    [24 * 3600 * 1000, "1d 0h 0m"],
    [5 * 60 * 1000 + 30_000, "5m"],
    [30_000, "<1m"],
    [0, "Ended"],
  ])("shows %i ms as %s", (ms, text) => {
    expect(formatTimeLeft(timeLeft(new Date(now + ms), now))).toBe(text);
  });
});

describe("formatDateTime", () => {
  it("shows en-US short date with hour and minute", () => {
    expect(formatDateTime(new Date(2026, 10, 21, 15, 5))).toBe("11/21/26, 3:05 PM");
  });
});

describe("formatTimeAgo", () => {
  it.each([
    [now - 5_000, "just now"],
    [now + 3_000, "just now"],
    [now - 60_000, "1 minute ago"],
    [now - 25 * 60_000, "25 minutes ago"],
    [now - 3_600_000, "1 hour ago"],
    [now - 5 * 3_600_000 - 59 * 60_000, "5 hours ago"],
    [now - 86_400_000, "1 day ago"],
    [now - 9 * 86_400_000, "1 week ago"],
    [now - 45 * 86_400_000, "1 month ago"],
    [now - 800 * 86_400_000, "2 years ago"],
  ])("%s reads %s", (at, text) => {
    expect(formatTimeAgo(new Date(at), now)).toBe(text);
    expect(formatTimeAgo(new Date(at).toISOString(), new Date(now))).toBe(text);
  });
});
