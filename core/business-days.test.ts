import { describe, expect, it } from "vitest";
import { addBusinessDays, easterSunday, isBusinessDate, sharedHolidays } from "./business-days";

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

describe("the public holidays every territory keeps (decision 0021)", () => {
  it("computes Easter Sunday by the usual algorithm", () => {
    expect(easterSunday(2019)).toBe("04-21");
    expect(easterSunday(2024)).toBe("03-31");
    expect(easterSunday(2026)).toBe("04-05");
    expect(easterSunday(2027)).toBe("03-28");
    expect(easterSunday(2038)).toBe("04-25");
    expect(easterSunday(2285)).toBe("03-22");
  });

  it("lists New Year's Day, Good Friday, Easter Monday, Christmas Day and Boxing Day", () => {
    expect([...sharedHolidays(2027)].sort()).toEqual([
      "2027-01-01",
      "2027-03-26",
      "2027-03-29",
      "2027-12-25",
      "2027-12-26",
    ]);
    expect(isBusinessDate("2026-12-25")).toBe(false);
    expect(isBusinessDate("2026-12-24")).toBe(true);
    // Emancipation Day (1 August) is one island's, not shared: still a business day.
    expect(isBusinessDate("2028-08-01")).toBe(true);
  });

  it("skips Christmas 2026 and New Year's Day 2027", () => {
    // Thursday 24 December + 1: Christmas Day (Friday) and the weekend are skipped.
    expect(addBusinessDays(ast("2026-12-24"), 1)).toEqual(ast("2026-12-28"));
    // Boxing Day 2026 is a Saturday: not moved to the Monday.
    expect(addBusinessDays(ast("2026-12-24"), 2)).toEqual(ast("2026-12-29"));
    expect(addBusinessDays(ast("2026-12-31"), 1)).toEqual(ast("2027-01-04"));
  });

  it("skips Good Friday and Easter Monday 2027", () => {
    expect(addBusinessDays(ast("2027-03-25"), 1)).toEqual(ast("2027-03-30"));
  });
});
