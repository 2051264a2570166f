/**
 * What cancelling one seller's part of an order refunds: its lines, their shipping and the
 * part's share of the order's tax. The share is the order's tax in proportion to the part's
 * subtotal, rounded half up like the tax itself (money.ts), so a one-seller order gets back its
 * whole tax. Rounding each part can drift a cent from the order's total, so the last part to go
 * gets exactly what is left, and no part ever takes more than what is left.
 */
export function partRefundCents(input: {
  partSubtotalCents: number;
  partShippingCents: number;
  order: { subtotalCents: number; taxCents: number; totalCents: number };
  /** What earlier refunds of this order (pending or done) already send back. */
  refundedCents: number;
  /** Whether every other part of the order is already cancelled. */
  lastPart: boolean;
}): number {
  const left = input.order.totalCents - input.refundedCents;
  if (input.lastPart) return Math.max(0, left);
  const tax =
    input.order.subtotalCents > 0
      ? Math.round((input.order.taxCents * input.partSubtotalCents) / input.order.subtotalCents)
      : 0;
  return Math.max(0, Math.min(left, input.partSubtotalCents + input.partShippingCents + tax));
}
