import { describe, expect, it } from "vitest";
import { addBusinessDays } from "./business-days";

// Local times are Atlantic Standard Time (UTC-4): 10:00 there is 14:00 UTC.
const ast = (date: string, time = "10:00") => new Date(`${date}T${time}:00-04:00`);

describe("addBusinessDays", () => {
  it("adds weekdays within a week", () => {
    // 2026-11-16 is a Monday.
    expect(addBusinessDays(ast("2026-11-16"), 3)).toEqual(ast("2026-11-19"));
  });

  it("skips the weekend", () => {
    expect(addBusinessDays(ast("2026-11-19"), 3)).toEqual(ast("2026-11-24")); // Thu → Tue
    expect(addBusinessDays(ast("2026-11-20"), 1)).toEqual(ast("2026-11-23")); // Fri → Mon
  });

  it("counts from Monday when it starts on a weekend", () => {
    expect(addBusinessDays(ast("2026-11-21"), 1)).toEqual(ast("2026-11-23")); // Sat → Mon
    expect(addBusinessDays(ast("2026-11-22"), 3)).toEqual(ast("2026-11-25")); // Sun → Wed
  });

  it("judges the weekday in Atlantic time, not UTC", () => {
    // Friday 22:00 in Bridgetown is already Saturday in UTC; it is still a Friday payment.
    expect(addBusinessDays(ast("2026-11-20", "22:00"), 1)).toEqual(ast("2026-11-23", "22:00"));
    // In UTC the same moment is a Saturday, so one business day on is Monday 02:00 UTC.
    expect(addBusinessDays(ast("2026-11-20", "22:00"), 1, 0)).toEqual(
      new Date("2026-11-23T02:00:00Z"),
    );
  });

  it("adds nothing for zero days and refuses negative or fractional ones", () => {
    expect(addBusinessDays(ast("2026-11-21"), 0)).toEqual(ast("2026-11-21"));
    expect(() => addBusinessDays(ast("2026-11-21"), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(ast("2026-11-21"), 1.5)).toThrow(RangeError);
  });
});
