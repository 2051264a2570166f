import { ERROR_CODES } from "../../../core/errors";
import { conflict, notFound } from "../../errors";

/**
 * Only a seller with lines in an order may ship their part of it. Anyone else (the buyer
 * included) is told the order does not exist (404, not 403), so order ids cannot be probed.
 */
export function assertSellerIn<T>(order: T | undefined, ownLines: number): asserts order is T {
  if (!order || ownLines === 0) throw notFound("Order not found.", ERROR_CODES.orderNotFound);
}

/**
 * A seller's part ships only once the buyer has paid, and not while a cancellation of it is asked
 * or after one was accepted (the money is on its way back).
 */
export function assertShippable(
  status: string,
  cancellation: "requested" | "accepted" | "declined" | null,
): void {
  const refuse = (message: string) => conflict(message, ERROR_CODES.orderNotShippable);
  if (status === "cancelled" || status === "expired")
    throw refuse("This order was cancelled: there is nothing to ship.");
  if (status !== "paid") throw refuse("This order is not paid yet: ship it once the buyer pays.");
  if (cancellation === "accepted")
    throw refuse("You accepted the buyer's cancellation of this order: there is nothing to ship.");
  if (cancellation === "requested")
    throw refuse("The buyer asked to cancel this order: accept or decline the request first.");
}
