import { describe, expect, it } from "vitest";
import {
  businessDaysUntil,
  deliveryWindow,
  deliveryWindowText,
  destGroupOf,
  handlingStart,
  optionFor,
  transitDays,
} from "./delivery";

// Local times are Atlantic Standard Time (UTC-4). 2026-12-01 is a Tuesday.
const ast = (date: string, time = "10:00") => new Date(`${date}T${time}:00-04:00`);

describe("handlingStart (the cut-off rule)", () => {
  it("counts from today on a business day before 14:00", () => {
    expect(handlingStart(ast("2026-12-01", "13:59"))).toEqual(ast("2026-12-01", "12:00"));
  });
  it("counts from the next business day at or after 14:00", () => {
    expect(handlingStart(ast("2026-12-01", "14:00"))).toEqual(ast("2026-12-02", "12:00"));
    // Friday afternoon: Monday.
    expect(handlingStart(ast("2026-12-04", "16:00"))).toEqual(ast("2026-12-07", "12:00"));
  });
  it("counts from Monday on a weekend", () => {
    expect(handlingStart(ast("2026-12-05", "09:00"))).toEqual(ast("2026-12-07", "12:00"));
    expect(handlingStart(ast("2026-12-06", "23:30"))).toEqual(ast("2026-12-07", "12:00"));
  });
  it("judges the day in Atlantic time: Friday 22:00 there is Saturday in UTC", () => {
    expect(handlingStart(ast("2026-12-04", "22:00"))).toEqual(ast("2026-12-07", "12:00"));
    // Monday 01:00 UTC is still Sunday evening in the Caribbean: day 0 is that Monday.
    expect(handlingStart(new Date("2026-12-07T01:00:00Z"))).toEqual(ast("2026-12-07", "12:00"));
  });
});

describe("deliveryWindow", () => {
  it("same island, standard: handling then 1-2 business days", () => {
    // Tue morning, 3 days' handling: dispatch Fri; Mon to Tue.
    expect(deliveryWindow(ast("2026-12-01"), 3, "standard", "jamaica", "jamaica")).toEqual({
      earliest: "2026-12-07",
      latest: "2026-12-08",
    });
  });
  it("skips the weekend in handling and in transit", () => {
    // Thu morning, 1 day's handling (Fri), expedited same island: Mon.
    expect(deliveryWindow(ast("2026-12-03"), 1, "expedited", "barbados", "barbados")).toEqual({
      earliest: "2026-12-07",
      latest: "2026-12-07",
    });
  });
  it("an order on Saturday counts from Monday", () => {
    // Day 0 Mon Dec 7; 2 handling + 3..5 transit (same sub-region) = Fri Dec 11 .. Tue Dec 15.
    expect(deliveryWindow(ast("2026-12-05"), 2, "standard", "barbados", "grenada")).toEqual({
      earliest: "2026-12-14",
      latest: "2026-12-16",
    });
  });
  it("inter-island routes: the same sub-region is quicker than across the region", () => {
    expect(transitDays("standard", "barbados", "grenada")).toEqual([3, 5]);
    expect(transitDays("standard", "jamaica", "grenada")).toEqual([4, 7]);
    expect(transitDays("expedited", "jamaica", "the-bahamas")).toEqual([2, 3]);
    expect(transitDays("standard", "jamaica", "world")).toEqual([7, 14]);
    // A territory the table does not know gets the slower inter-region time.
    expect(transitDays("standard", "atlantis", "grenada")).toEqual([4, 7]);
  });
  it("across the region, standard, from a Tuesday afternoon", () => {
    // After the cut-off: day 0 Wed Dec 2; 0 handling + 4..7 transit = Tue Dec 8 .. Fri Dec 11.
    expect(deliveryWindow(ast("2026-12-01", "15:00"), 0, "standard", "jamaica", "grenada")).toEqual(
      { earliest: "2026-12-08", latest: "2026-12-11" },
    );
  });
  it("rest of the world spans weekends", () => {
    // Day 0 Tue Dec 1; 3 + 7..14 = 10..17 business days on: Tue Dec 15 .. Thu Dec 24.
    expect(deliveryWindow(ast("2026-12-01"), 3, "standard", "jamaica", "world")).toEqual({
      earliest: "2026-12-15",
      latest: "2026-12-24",
    });
  });
});

describe("businessDaysUntil", () => {
  it("counts business days from day 0 to the date, inclusive", () => {
    expect(businessDaysUntil(ast("2026-12-01"), "2026-12-01")).toBe(0);
    expect(businessDaysUntil(ast("2026-12-01"), "2026-12-04")).toBe(3);
    expect(businessDaysUntil(ast("2026-12-01"), "2026-12-06")).toBe(3); // the weekend adds none
    expect(businessDaysUntil(ast("2026-12-01"), "2026-12-07")).toBe(4);
    expect(businessDaysUntil(ast("2026-12-01"), "2026-11-30")).toBe(-1);
  });
  it("agrees with deliveryWindow: the latest date is exactly reachable", () => {
    const now = ast("2026-12-03", "16:00");
    const { latest } = deliveryWindow(now, 2, "standard", "jamaica", "haiti");
    expect(businessDaysUntil(now, latest)).toBe(2 + 5);
  });
});

describe("groups and text", () => {
  it("groups a destination from the item's territory", () => {
    expect(destGroupOf("jamaica", "jamaica")).toBe("same_territory");
    expect(destGroupOf("jamaica", "grenada")).toBe("caribbean");
    expect(destGroupOf("jamaica", "world")).toBe("world");
  });
  it("finds the option serving a destination, none when it does not ship there", () => {
    const options = [
      { group: "same_territory" as const, service: "standard" as const, costCents: 0 },
    ];
    expect(optionFor(options, "jamaica", "jamaica")?.costCents).toBe(0);
    expect(optionFor(options, "jamaica", "grenada")).toBeUndefined();
  });
  it("writes the window as the listing page shows it", () => {
    expect(deliveryWindowText({ earliest: "2026-12-03", latest: "2026-12-09" })).toBe(
      "Estimated between Thu, Dec 3 and Wed, Dec 9",
    );
    expect(deliveryWindowText({ earliest: "2026-12-07", latest: "2026-12-07" })).toBe(
      "Estimated on Mon, Dec 7",
    );
  });
});

describe("delivery windows skip the shared public holidays", () => {
  it("across Christmas 2026", () => {
    // Wednesday 23 December before the cut-off: day 0. One day to dispatch, then 1-2 days on the
    // island: 24 December, then (25th a holiday, then the weekend) 28 and 29 December.
    expect(deliveryWindow(ast("2026-12-23", "10:00"), 1, "standard", "jamaica", "jamaica")).toEqual(
      { earliest: "2026-12-28", latest: "2026-12-29" },
    );
    // Without the holiday it would have been Friday 25 and Monday 28.
    expect(businessDaysUntil(ast("2026-12-23", "10:00"), "2026-12-31")).toBe(5);
    // Paid on Christmas Day: counted from Monday 28 December.
    expect(handlingStart(ast("2026-12-25", "09:00"))).toEqual(ast("2026-12-28", "12:00"));
  });

  it("across Easter 2027", () => {
    // Thursday 25 March: same-day dispatch, one expedited day: Good Friday, the weekend and
    // Easter Monday are skipped, so Tuesday 30 March.
    expect(
      deliveryWindow(ast("2027-03-25", "10:00"), 0, "expedited", "barbados", "barbados"),
    ).toEqual({ earliest: "2027-03-30", latest: "2027-03-30" });
    expect(handlingStart(ast("2027-03-26", "09:00"))).toEqual(ast("2027-03-30", "12:00"));
    expect(businessDaysUntil(ast("2027-03-25", "10:00"), "2027-03-31")).toBe(2);
  });
});
