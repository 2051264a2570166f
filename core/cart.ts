import { taxCents } from "./money";

// The cart's limits live here, not in contracts/buying.ts (which re-exports them), so that the
// header's cart badge can read the stored cart without downloading the buying schemas and zod.
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 1000;

export interface PricedLine {
  unitPriceCents: number;
  /** The listing's shipping price, charged once per line however many units it holds. */
  shippingCents: number;
  quantity: number;
}

/** Subtotal, shipping, tax (a percentage of the subtotal only) and total, all in whole cents. */
export function orderTotals(lines: readonly PricedLine[], taxRatePercent = 10) {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const shippingCents = lines.reduce((sum, l) => sum + l.shippingCents, 0);
  const tax = taxCents(subtotalCents, taxRatePercent);
  return {
    subtotalCents,
    shippingCents,
    taxCents: tax,
    totalCents: subtotalCents + shippingCents + tax,
  };
}

/** How many items a cart holds: the header badge's number. */
export function itemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** The order number people see: the first 8 characters of its id (spec). */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8);
}

/** What a listing whose every unit is held by other buyers' checkouts says (issue 15). */
export const RESERVED_OUT_MESSAGE =
  "Someone is checking out the last one; it may come back in a few minutes.";
