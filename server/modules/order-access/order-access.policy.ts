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

/**
 * An order's page is its buyer's, and each of its sellers' once the order is in their sales
 * (`sellsIn`: paid, or a win or agreed offer awaiting payment). Anyone else: 404, as above.
 */
export function orderViewer(
  order: { buyerId: string; sellsIn: boolean } | undefined,
  userId: string,
): "buyer" | "seller" {
  if (order?.buyerId === userId) return "buyer";
  if (order?.sellsIn) return "seller";
  throw notFound("Order not found.", ERROR_CODES.orderNotFound);
}
