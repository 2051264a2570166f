import type { AuctionState } from "../../core/contracts/browse";

/**
 * True when `next` is at least as recent as `current` (bids only ever add up). Apart from the
 * features' cache effects (each cache.ts), which load on demand, because every live card asks it.
 */
export function isFresherAuction(next: AuctionState, current: AuctionState): boolean {
  if (next.bidCount !== current.bidCount) return next.bidCount > current.bidCount;
  return next.ended || !current.ended;
}
