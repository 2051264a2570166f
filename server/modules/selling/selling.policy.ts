import { ERROR_CODES } from "../../../core/errors";
import { forbidden, notFound, ruleBroken } from "../../errors";

/** Keys a seller may still change once an auction has its first bid. */
// Upgrades too: they promote the listing and change nothing bidders bid on.
const EDITABLE_AFTER_FIRST_BID = new Set(["description", "imageIds", "upgrades", "subtitle"]);

export const LOCKED_MESSAGE =
  "Only the description and photos can change once an auction has bids.";

/** Only the seller may see the edit form of, change or delete a listing. */
export function assertOwner<T extends { sellerId: string }>(
  listing: T | undefined,
  userId: string,
): asserts listing is T {
  if (!listing) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  if (listing.sellerId !== userId) throw forbidden("You can only change your own listings.");
}

/**
 * After an auction's first bid, buyers bid on what they saw: only description and photos change.
 * A sold auction is settled for good; a sold-out fixed-price listing stays editable, so the
 * seller can restock it.
 */
export function assertEditable(
  listing: { status: string; kind: string; bidCount: number },
  changedKeys: string[],
) {
  if (listing.status === "sold" && listing.kind === "auction")
    throw ruleBroken(ERROR_CODES.listingSold, "A sold listing can no longer be changed.");
  if (listing.kind === "auction" && listing.bidCount > 0) {
    const blocked = changedKeys.filter((k) => !EDITABLE_AFTER_FIRST_BID.has(k));
    if (blocked.length > 0) throw ruleBroken(ERROR_CODES.listingLocked, LOCKED_MESSAGE);
  }
}

/** Bids and orders are other people's records: a listing that has any stays. */
export function assertDeletable(listing: { bidCount: number; orderCount: number }) {
  if (listing.bidCount > 0)
    throw ruleBroken(
      ERROR_CODES.listingHasBids,
      "This listing has bids, so it can't be deleted. It will end on its own.",
    );
  if (listing.orderCount > 0)
    throw ruleBroken(
      ERROR_CODES.listingHasOrders,
      "This listing has orders, so it can't be deleted.",
    );
}

/**
 * Relist is for a listing that ended without a sale (an auction without a winner, a fixed-price
 * listing ended unsold). A sold one is a sale on record: the seller sells more with Sell similar.
 * One a moderator removed stays down.
 */
export function relistable(listing: { status: string; moderation: string }): boolean {
  return listing.status === "ended" && listing.moderation !== "removed";
}

/** Refuses a relist, with the reason, unless the listing ended without a sale. */
export function assertRelistable(listing: { status: string; moderation: string }) {
  if (listing.status === "sold")
    throw ruleBroken(
      ERROR_CODES.listingSold,
      "This item sold, so it can't be relisted. Use Sell similar to list another.",
    );
  if (listing.moderation === "removed")
    throw ruleBroken(
      ERROR_CODES.listingNotEnded,
      "This listing was removed by a moderator, so it can't be relisted.",
    );
  if (!relistable(listing))
    throw ruleBroken(
      ERROR_CODES.listingNotEnded,
      "Only a listing that ended without a sale can be relisted.",
    );
}
