import type { QueryClient } from "@tanstack/react-query";
import type { PlaceBidResult } from "../../../core/contracts/bidding";
import type { BidHistory, ListingDetail } from "../../../core/contracts/browse";
import { isFresherAuction } from "../../lib/auction-freshness";
import { invalidate } from "../../lib/invalidate";
import type { LiveEffect } from "../../lib/live-events";
import { queryKeys } from "../../lib/query-keys";

/**
 * The bid count at which each listing's history was last asked for again, per cache. The bidder
 * hears of their bid twice, in either order: the answer to their request and the live event of
 * the same change. A history asked for once the count was N holds every bid up to N, so a second
 * refetch for N (or less) would only repeat the first.
 */
const historyAskedAt = new WeakMap<QueryClient, Map<string, number>>();

/** Refetches a listing's bid history (first page and the full one), once per bid count. */
function refreshHistory(client: QueryClient, listingId: string, bidCount: number): Promise<void> {
  let asked = historyAskedAt.get(client);
  if (!asked) {
    asked = new Map();
    historyAskedAt.set(client, asked);
  }
  // Marked stale all the same: a write since then would otherwise leave a history that is not on
  // screen looking fresh, and it would not refetch when shown.
  if ((asked.get(listingId) ?? -1) >= bidCount)
    return invalidate(client, [queryKeys.listings.bids(listingId)], "none");
  asked.set(listingId, bidCount);
  return invalidate(client, [queryKeys.listings.bids(listingId)]);
}

/** A bid was accepted: the new auction state shows at once; the bid lists refetch. */
export function afterBidPlaced(
  client: QueryClient,
  listingId: string,
  result: PlaceBidResult,
): Promise<void> {
  client.setQueryData<ListingDetail>(queryKeys.listings.detail(listingId), (current) =>
    current
      ? {
          ...current,
          auction: result.auction,
          viewer: current.viewer
            ? { ...current.viewer, hasBid: true, isLeader: result.leading }
            : current.viewer,
        }
      : current,
  );
  return Promise.all([
    // The bid (and any proxy answer) joins the history, unless its live event had it refetched.
    refreshHistory(client, listingId, result.auction.bidCount),
    invalidate(client, [queryKeys.myBids.all]), // /my/bids and the profile list the bidder's bids
  ]).then(() => undefined);
}

/** A bid was refused: the auction moved on (a higher bid, or it ended), show the server's state. */
export function afterBidRefused(client: QueryClient, listingId: string): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.detail(listingId),
    queryKeys.listings.bids(listingId),
  ]);
}

/** The countdown reached zero: ask for the settled state (soft close may have extended it). */
export function afterAuctionClockRanOut(client: QueryClient, listingId: string): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.detail(listingId),
    queryKeys.listings.bids(listingId),
  ]);
}

type HistoryBid = BidHistory["items"][number];

/**
 * Bids carry no id (nor a bidder id: names are masked for privacy); a bidder does not place the
 * same amount twice at the same instant.
 */
function bidIdentity(bid: HistoryBid): string {
  return `${bid.bidder.name}|${bid.placedAt}|${bid.amountCents}`;
}

/** The history's own order: newest first, and the higher amount first within one instant. */
function newestFirst(a: HistoryBid, b: HistoryBid): number {
  return Date.parse(b.placedAt) - Date.parse(a.placedAt) || b.amountCents - a.amountCents;
}

/**
 * Puts live bids into the cached first page of a listing's bid history, once each. Answers
 * false when the history then disagrees with the auction's count (a missed update).
 */
function mergeLiveBids(
  client: QueryClient,
  listingId: string,
  bids: readonly HistoryBid[],
  bidCount: number,
): boolean {
  const key = queryKeys.listings.bids(listingId);
  client.setQueryData<BidHistory>(key, (history) => {
    if (history?.page !== 1) return history;
    const seen = new Set(history.items.map(bidIdentity));
    const fresh: HistoryBid[] = [];
    for (const bid of bids) {
      const identity = bidIdentity(bid);
      if (seen.has(identity)) continue;
      seen.add(identity);
      fresh.push(bid);
    }
    if (fresh.length === 0) return history;
    return {
      ...history,
      items: [...fresh, ...history.items].sort(newestFirst).slice(0, history.pageSize),
      total: history.total + fresh.length,
    };
  });
  const merged = client.getQueryData<BidHistory>(key);
  return merged?.page !== 1 || merged.total === bidCount;
}

/**
 * An auction changed (told live): the listing's page shows the newest state, and its bid history
 * gains the new bids (or is refetched). Cards on a grid are the listings feature's.
 */
export const onAuctionUpdated: LiveEffect<"auction.updated"> = (client, update) => {
  const detailKey = queryKeys.listings.detail(update.listingId);
  const current = client.getQueryData<ListingDetail>(detailKey);
  // No listing page cached (only a card on a grid): cards read their own live entry.
  if (!current?.auction) return;
  // Updates can arrive late or twice (reconnects, several instances): the newest state wins.
  if (!isFresherAuction(update.auction, current.auction)) return;
  client.setQueryData<ListingDetail>(detailKey, {
    ...current,
    status: update.status,
    auction: update.auction,
  });
  // Live bids are masked for everyone; the seller and a bidder see names in their history
  // (every name, or their own), so theirs is refetched rather than written from the event.
  const seesNames = Boolean(current.viewer?.isSeller || current.viewer?.hasBid);
  if (update.bids && !seesNames) {
    if (!mergeLiveBids(client, update.listingId, update.bids, update.auction.bidCount))
      void refreshHistory(client, update.listingId, update.auction.bidCount);
    // The full history, when open, has only its first page here: it refetches instead.
    else void invalidate(client, [queryKeys.listings.bidHistory(update.listingId)]);
  } else if (update.bids || update.auction.bidCount !== current.auction.bidCount) {
    void refreshHistory(client, update.listingId, update.auction.bidCount);
  }
};
