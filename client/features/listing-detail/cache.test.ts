import { describe, expect, it } from "vitest";
import type { AuctionState, BidHistory, ListingDetail } from "../../../core/contracts/browse";
import { cacheUnderTest } from "../../lib/cache-test-kit";
import { queryKeys } from "../../lib/query-keys";
import { afterBidPlaced, onAuctionUpdated } from "./cache";

const LISTING = "listing-1";

function auction(overrides: Partial<AuctionState> = {}): AuctionState {
  return {
    startPriceCents: 1000,
    currentBidCents: 1500,
    bidCount: 2,
    minNextBidCents: 1600,
    endsAt: "2030-01-01T00:00:00.000Z",
    ended: false,
    reserveMet: true,
    hasReserve: false,
    buyItNowPriceCents: null,
    leaderId: "u2",
    ...overrides,
  };
}

function detail(state: AuctionState): ListingDetail {
  return {
    id: LISTING,
    status: "active",
    auction: state,
    viewer: { hasBid: false, isLeader: false, isSeller: false },
  } as ListingDetail;
}

function bid(bidder: string, amountCents: number, placedAt: string) {
  return { amountCents, placedAt, bidder: { name: bidder, ratingCount: 0, isViewer: false } };
}

const older = bid("u1", 1000, "2029-01-01T10:00:00.000Z");
const newer = bid("u2", 1500, "2029-01-01T11:00:00.000Z");
const newest = bid("u3", 1600, "2029-01-01T12:00:00.000Z");

const cache = cacheUnderTest();
const { isInvalidated, seed } = cache;

describe("bidding cache", () => {
  it("a placed bid updates the listing and refreshes its history and my bids, not home or notifications", async () => {
    cache.client.setQueryData(queryKeys.listings.detail(LISTING), detail(auction()));
    const otherListing = queryKeys.listings.detail("listing-2");
    seed(
      queryKeys.listings.bids(LISTING),
      queryKeys.myBids.list(1),
      queryKeys.myBids.profile,
      queryKeys.home.sections(undefined),
      queryKeys.notifications.latest,
      queryKeys.listings.list({}),
      otherListing,
    );

    await afterBidPlaced(cache.client, LISTING, {
      auction: auction({ bidCount: 3, currentBidCents: 1600, leaderId: "me" }),
      leading: true,
      message: "You're the highest bidder",
    });

    const written = cache.client.getQueryData<ListingDetail>(queryKeys.listings.detail(LISTING));
    expect(written?.auction?.bidCount).toBe(3);
    expect(written?.viewer).toMatchObject({ hasBid: true, isLeader: true });
    expect(isInvalidated(queryKeys.listings.bids(LISTING))).toBe(true);
    expect(isInvalidated(queryKeys.myBids.list(1))).toBe(true);
    expect(isInvalidated(queryKeys.myBids.profile)).toBe(true);
    expect(isInvalidated(queryKeys.home.sections(undefined))).toBe(false);
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(false);
    expect(isInvalidated(queryKeys.listings.list({}))).toBe(false);
    expect(isInvalidated(otherListing)).toBe(false);
  });
});

describe("auction.updated on the listing page", () => {
  const onAuction = onAuctionUpdated;

  function seedAuction(bidCount = 2) {
    cache.client.setQueryData(queryKeys.listings.detail(LISTING), detail(auction({ bidCount })));
    const history: BidHistory = { items: [newer, older], total: 2, page: 1, pageSize: 5 };
    cache.client.setQueryData(queryKeys.listings.bids(LISTING), history);
  }
  const history = () => cache.client.getQueryData<BidHistory>(queryKeys.listings.bids(LISTING));

  it("auction.updated writes the fresher state and prepends the new bids once", () => {
    seedAuction();
    const update = {
      listingId: LISTING,
      status: "active" as const,
      auction: auction({ bidCount: 3, currentBidCents: 1600, leaderId: "u3" }),
      bids: [newest, newer],
    };

    onAuction(cache.client, update);
    onAuction(cache.client, update);

    const written = cache.client.getQueryData<ListingDetail>(queryKeys.listings.detail(LISTING));
    expect(written?.auction?.currentBidCents).toBe(1600);
    expect(history()?.items).toEqual([newest, newer, older]);
    expect(history()?.total).toBe(3);
    expect(isInvalidated(queryKeys.listings.bids(LISTING))).toBe(false);
  });

  it("auction.updated ignores an update older than what the page shows", () => {
    seedAuction(3);
    onAuction(cache.client, {
      listingId: LISTING,
      status: "active",
      auction: auction({ bidCount: 2, currentBidCents: 1200 }),
      bids: [bid("u9", 1200, "2029-01-01T09:00:00.000Z")],
    });

    const kept = cache.client.getQueryData<ListingDetail>(queryKeys.listings.detail(LISTING));
    expect(kept?.auction?.bidCount).toBe(3);
    expect(history()?.items).toEqual([newer, older]);
    expect(history()?.total).toBe(2);
  });

  it("auction.updated refetches the history when the update carries no bids", () => {
    seedAuction();
    onAuction(cache.client, {
      listingId: LISTING,
      status: "active",
      auction: auction({ bidCount: 3 }),
    });

    expect(history()?.items).toEqual([newer, older]);
    expect(isInvalidated(queryKeys.listings.bids(LISTING))).toBe(true);
  });

  it("auction.updated refetches the history of a bidder, who sees their own name in it", () => {
    seedAuction();
    cache.client.setQueryData(queryKeys.listings.detail(LISTING), {
      ...detail(auction({ bidCount: 2 })),
      viewer: { hasBid: true, isLeader: false, isSeller: false },
    });
    onAuction(cache.client, {
      listingId: LISTING,
      status: "active",
      auction: auction({ bidCount: 3, currentBidCents: 1600 }),
      bids: [newest],
    });

    expect(history()?.items).toEqual([newer, older]);
    expect(isInvalidated(queryKeys.listings.bids(LISTING))).toBe(true);
  });

  it("auction.updated refetches the history when its bids leave the count unexplained", () => {
    seedAuction();
    onAuction(cache.client, {
      listingId: LISTING,
      status: "active",
      auction: auction({ bidCount: 5 }),
      bids: [newest],
    });

    expect(history()?.items[0]).toEqual(newest);
    expect(isInvalidated(queryKeys.listings.bids(LISTING))).toBe(true);
  });
});
