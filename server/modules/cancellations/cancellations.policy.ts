import { ERROR_CODES } from "../../../core/errors";
import { notFound } from "../../errors";

/**
 * Only the seller a cancellation request was made to may answer it (and read it as a seller).
 * Anyone else, the buyer included, is told there is no such request: 404, never 403, so order
 * ids cannot be probed.
 */
export function assertSellerOfRequest<T extends { sellerId: string }>(
  request: T | undefined,
  userId: string,
): asserts request is T {
  if (!request || request.sellerId !== userId)
    throw notFound("Cancellation request not found.", ERROR_CODES.cancellationNotFound);
}
