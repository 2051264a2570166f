import { ERROR_CODES } from "../../../core/errors";
import { notFound } from "../../errors";

export type Party = "buyer" | "seller";

/**
 * Only the buyer opens, ships back, accepts an offer or escalates; only the seller answers and
 * confirms a return. Anyone else, the other party included, is told there is no such request (404,
 * never 403), so request ids cannot be probed and neither side can act for the other.
 */
export function assertParty<T extends { buyerId: string; sellerId: string }>(
  request: T | undefined,
  userId: string,
  party: Party,
): asserts request is T {
  const id = party === "buyer" ? request?.buyerId : request?.sellerId;
  if (!request || id !== userId)
    throw notFound("Return or request not found.", ERROR_CODES.returnNotFound);
}
