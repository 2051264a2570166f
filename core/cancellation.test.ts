import { describe, expect, it } from "vitest";
import { partRefundCents } from "./cancellation";
import { orderTotals } from "./cart";

describe("partRefundCents", () => {
  it("refunds a one-seller order whole: items, shipping and all of the tax", () => {
    const order = orderTotals([{ unitPriceCents: 1250, shippingCents: 500, quantity: 2 }]);
    expect(
      partRefundCents({
        partSubtotalCents: 2500,
        partShippingCents: 500,
        order,
        refundedCents: 0,
        lastPart: false,
      }),
    ).toBe(order.totalCents);
  });

  it("gives each part its share of the tax, and the last part exactly what is left", () => {
    // 10% of 5 cents rounds up for each part alone (1 + 1) but the order's tax on 10 is 1.
    const order = orderTotals([
      { unitPriceCents: 5, shippingCents: 0, quantity: 1 },
      { unitPriceCents: 5, shippingCents: 0, quantity: 1 },
    ]);
    expect(order.taxCents).toBe(1);
    const part = { partSubtotalCents: 5, partShippingCents: 0, order };
    const first = partRefundCents({ ...part, refundedCents: 0, lastPart: false });
    expect(first).toBe(6);
    const second = partRefundCents({ ...part, refundedCents: first, lastPart: true });
    expect(first + second).toBe(order.totalCents);
  });

  it("never sends back more than the order's total", () => {
    const order = { subtotalCents: 1000, taxCents: 100, totalCents: 1100 };
    expect(
      partRefundCents({
        partSubtotalCents: 1000,
        partShippingCents: 0,
        order,
        refundedCents: 1000,
        lastPart: false,
      }),
    ).toBe(100);
  });
});
