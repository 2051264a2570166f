import { describe, expect, it } from "vitest";
import { itemCount, orderNumber, orderTotals } from "./cart";

describe("cart arithmetic", () => {
  it("adds lines in cents and takes 10 percent tax of the subtotal", () => {
    const totals = orderTotals([
      { unitPriceCents: 19_99, shippingCents: 0, quantity: 2 },
      { unitPriceCents: 5_00, shippingCents: 0, quantity: 1 },
    ]);
    expect(totals).toEqual({
      subtotalCents: 44_98,
      shippingCents: 0,
      taxCents: 4_50,
      totalCents: 49_48,
    });
  });

  it("rounds tax to the nearest cent, half up", () => {
    expect(orderTotals([{ unitPriceCents: 5, shippingCents: 0, quantity: 1 }]).taxCents).toBe(1);
    expect(orderTotals([{ unitPriceCents: 4, shippingCents: 0, quantity: 1 }]).taxCents).toBe(0);
    expect(orderTotals([{ unitPriceCents: 33, shippingCents: 0, quantity: 3 }]).taxCents).toBe(10);
  });

  it("charges shipping once per line and no tax on it", () => {
    const totals = orderTotals([{ unitPriceCents: 10_00, shippingCents: 7_50, quantity: 3 }]);
    expect(totals).toEqual({
      subtotalCents: 30_00,
      shippingCents: 7_50,
      taxCents: 3_00,
      totalCents: 40_50,
    });
  });

  it("never loses a cent to floating point", () => {
    const totals = orderTotals([
      { unitPriceCents: 10, shippingCents: 0, quantity: 1 },
      { unitPriceCents: 20, shippingCents: 0, quantity: 1 },
    ]);
    expect(totals.subtotalCents).toBe(30);
    expect(totals.totalCents).toBe(33);
  });

  it("counts items and shortens order numbers", () => {
    expect(itemCount([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(orderNumber("1234abcd-0000-4000-8000-000000000000")).toBe("1234abcd");
  });
});
