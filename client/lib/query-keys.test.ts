import { type InfiniteData, QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import type { AuctionState, BidHistory, ListingDetail } from "../../core/contracts/browse";
import type { Notification, NotificationPage } from "../../core/contracts/notifications";
import {
  afterBidPlaced,
  afterListingCreated,
  afterSignOut,
  liveEventInvalidations,
} from "./invalidations";
import { queryKeys } from "./query-keys";

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

function notification(id: string, read = false): Notification {
  return {
    id,
    kind: "outbid",
    text: `Notification ${id}`,
    link: null,
    read,
    readAt: null,
    createdAt: "2029-01-01T00:00:00.000Z",
  } as Notification;
}

function page(items: Notification[], unreadCount: number, pageSize = 5): NotificationPage {
  return { items, total: items.length, page: 1, pageSize, unreadCount, nextCursor: null };
}

let client: QueryClient;
const isInvalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
/** Puts data under each key, as a page that had loaded them would have. */
function seed(...keys: QueryKey[]) {
  for (const key of keys) client.setQueryData(key, { seeded: true });
}

beforeEach(() => {
  client = new QueryClient();
});

describe("queryKeys", () => {
  it("builds every key of an area on that area's prefix", () => {
    for (const [area, keys] of Object.entries(queryKeys)) {
      const root = keys.all;
      for (const [name, key] of Object.entries(keys)) {
        const built = typeof key === "function" ? (key as (arg: string) => QueryKey)("x") : key;
        expect(built.slice(0, root.length), `${area}.${name}`).toEqual(root);
      }
    }
  });

  it("keeps a listing's page, history and edit form under the listing, apart from the lists", () => {
    const item = queryKeys.listings.item(LISTING);
    for (const key of [
      queryKeys.listings.detail(LISTING),
      queryKeys.listings.bids(LISTING),
      queryKeys.listings.edit(LISTING),
    ])
      expect(key.slice(0, item.length)).toEqual(item);
    expect(queryKeys.listings.list({}).slice(0, item.length)).not.toEqual(item);
  });
});

describe("mutation invalidations", () => {
  it("a placed bid updates the listing and refreshes its history and my bids, not home or notifications", async () => {
    client.setQueryData(queryKeys.listings.detail(LISTING), detail(auction()));
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

    await afterBidPlaced(client, LISTING, {
      auction: auction({ bidCount: 3, currentBidCents: 1600, leaderId: "me" }),
      leading: true,
      message: "You're the highest bidder",
    });

    const written = client.getQueryData<ListingDetail>(queryKeys.listings.detail(LISTING));
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

  it("a new listing refreshes the lists it joins, not other listings' pages or the user's notifications", async () => {
    seed(
      queryKeys.listings.list({ search: "lamp" }),
      queryKeys.home.sections("north"),
      queryKeys.myListings.list,
      queryKeys.store.detail("seller-1"),
      queryKeys.store.detail("seller-2"),
      queryKeys.catalog.category("lamps"),
      queryKeys.catalog.categories,
      queryKeys.listings.detail(LISTING),
      queryKeys.notifications.latest,
      queryKeys.orders.list(1),
    );

    await afterListingCreated(client, { sellerId: "seller-1" });

    for (const key of [
      queryKeys.listings.list({ search: "lamp" }),
      queryKeys.home.sections("north"),
      queryKeys.myListings.list,
      queryKeys.store.detail("seller-1"),
      queryKeys.catalog.category("lamps"),
    ])
      expect(isInvalidated(key), JSON.stringify(key)).toBe(true);
    for (const key of [
      queryKeys.store.detail("seller-2"),
      queryKeys.catalog.categories,
      queryKeys.listings.detail(LISTING),
      queryKeys.notifications.latest,
      queryKeys.orders.list(1),
    ])
      expect(isInvalidated(key), JSON.stringify(key)).toBe(false);
  });

  it("signing out forgets the user and refreshes their data, but never re-posts an emailed token", async () => {
    client.setQueryData(queryKeys.session.current, { user: { id: "me" } });
    seed(
      queryKeys.notifications.latest,
      queryKeys.orders.list(1),
      queryKeys.listings.detail(LISTING),
      queryKeys.auth.confirmEmail("token"),
      queryKeys.catalog.categories,
    );

    await afterSignOut(client);

    expect(client.getQueryData(queryKeys.session.current)).toEqual({ user: null });
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
    expect(isInvalidated(queryKeys.orders.list(1))).toBe(true);
    expect(isInvalidated(queryKeys.listings.detail(LISTING))).toBe(true);
    expect(isInvalidated(queryKeys.auth.confirmEmail("token"))).toBe(false);
    expect(isInvalidated(queryKeys.catalog.categories)).toBe(false);
  });
});

describe("liveEventInvalidations", () => {
  const onAuction = liveEventInvalidations["auction.updated"];

  function seedAuction(bidCount = 2) {
    client.setQueryData(queryKeys.listings.detail(LISTING), detail(auction({ bidCount })));
    const history: BidHistory = { items: [newer, older], total: 2, page: 1, pageSize: 5 };
    client.setQueryData(queryKeys.listings.bids(LISTING), history);
  }
  const history = () => client.getQueryData<BidHistory>(queryKeys.listings.bids(LISTING));

  it("auction.updated writes the fresher state and prepends the new bids once", () => {
    seedAuction();
    const update = {
      listingId: LISTING,
      status: "active" as const,
      auction: auction({ bidCount: 3, currentBidCents: 1600, leaderId: "u3" }),
      bids: [newest, newer],
    };

    onAuction(client, update);
    onAuction(client, update);

    const written = client.getQueryData<ListingDetail>(queryKeys.listings.detail(LISTING));
    expect(written?.auction?.currentBidCents).toBe(1600);
    expect(history()?.items).toEqual([newest, newer, older]);
    expect(history()?.total).toBe(3);
    expect(isInvalidated(queryKeys.listings.bids(LISTING))).toBe(false);
  });

  it("auction.updated ignores an update older than what the page shows", () => {
    seedAuction(3);
    onAuction(client, {
      listingId: LISTING,
      status: "active",
      auction: auction({ bidCount: 2, currentBidCents: 1200 }),
      bids: [bid("u9", 1200, "2029-01-01T09:00:00.000Z")],
    });

    const kept = client.getQueryData<ListingDetail>(queryKeys.listings.detail(LISTING));
    expect(kept?.auction?.bidCount).toBe(3);
    expect(history()?.items).toEqual([newer, older]);
    expect(history()?.total).toBe(2);
  });

  it("auction.updated refetches the history when the update carries no bids", () => {
    seedAuction();
    onAuction(client, {
      listingId: LISTING,
      status: "active",
      auction: auction({ bidCount: 3 }),
    });

    expect(history()?.items).toEqual([newer, older]);
    expect(isInvalidated(queryKeys.listings.bids(LISTING))).toBe(true);
  });

  it("auction.updated refetches the history of a bidder, who sees their own name in it", () => {
    seedAuction();
    client.setQueryData(queryKeys.listings.detail(LISTING), {
      ...detail(auction({ bidCount: 2 })),
      viewer: { hasBid: true, isLeader: false, isSeller: false },
    });
    onAuction(client, {
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
    onAuction(client, {
      listingId: LISTING,
      status: "active",
      auction: auction({ bidCount: 5 }),
      bids: [newest],
    });

    expect(history()?.items[0]).toEqual(newest);
    expect(isInvalidated(queryKeys.listings.bids(LISTING))).toBe(true);
  });

  it("notification.created prepends the notification once and sets the count", () => {
    client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    const list: InfiniteData<NotificationPage, string | undefined> = {
      pages: [page([notification("a")], 1, 20)],
      pageParams: [undefined],
    };
    client.setQueryData(queryKeys.notifications.list, list);
    seed(queryKeys.notifications.preferences);

    const event = { unreadCount: 2, notification: notification("b") };
    liveEventInvalidations["notification.created"](client, event);
    liveEventInvalidations["notification.created"](client, event);

    const latest = client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.items.map((n) => n.id)).toEqual(["b", "a"]);
    expect(latest).toMatchObject({ unreadCount: 2, total: 2 });
    const first = client.getQueryData<typeof list>(queryKeys.notifications.list)?.pages[0];
    expect(first?.items.map((n) => n.id)).toEqual(["b", "a"]);
    expect(first?.unreadCount).toBe(2);
    // One more unread, as expected: nothing needs refetching, preferences least of all.
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(false);
    expect(isInvalidated(queryKeys.notifications.preferences)).toBe(false);
  });

  it("notification.created without the notification sets the count and refetches the lists", () => {
    client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    liveEventInvalidations["notification.created"](client, { unreadCount: 2 });

    const latest = client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.unreadCount).toBe(2);
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
  });

  it("notifications.unread sets the count, refetching the lists only when it changed", () => {
    client.setQueryData(queryKeys.notifications.latest, page([notification("a")], 1));
    liveEventInvalidations["notifications.unread"](client, { unreadCount: 1 });
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(false);

    liveEventInvalidations["notifications.unread"](client, { unreadCount: 0 });
    const latest = client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
    expect(latest?.unreadCount).toBe(0);
    expect(isInvalidated(queryKeys.notifications.latest)).toBe(true);
  });
});
