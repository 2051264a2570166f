import { ERROR_CODES } from "../../../core/errors";
import { notFound } from "../../errors";

/**
 * Only an order's buyer may see, pay or cancel it. Anyone else is told it does not exist (404, not
 * 403), so order ids cannot be probed.
 */
export function assertBuyerOf<T extends { buyerId: string }>(
  order: T | undefined,
  userId: string,
): asserts order is T {
  if (!order || order.buyerId !== userId)
    throw notFound("Order not found.", ERROR_CODES.orderNotFound);
}
