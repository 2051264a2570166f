import {
  type InfiniteData,
  InfiniteQueryObserver,
  QueryClient,
  type QueryKey,
  QueryObserver,
} from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuctionState, BidHistory, ListingDetail } from "../../core/contracts/browse";
import type { ConversationPage, Message } from "../../core/contracts/messages";
import type { Notification } from "../../core/contracts/notifications";
import { afterBidPlaced } from "../features/listing-detail/cache";
import { afterMessageSent } from "../features/messages/cache";
import { queryKeys } from "../lib/query-keys";
import { applyLiveEvent } from "./live-effects";

const LISTING = "listing-1";
const ME = "me";

let client: QueryClient;
let stop: (() => void)[] = [];
const isInvalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  client.setQueryData(queryKeys.session.current, { user: { id: ME } });
});
afterEach(() => {
  for (const unsubscribe of stop) unsubscribe();
  stop = [];
});

/** Waits until no query is fetching (a refetch started by a live effect is not awaited). */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

function auction(bidCount: number): AuctionState {
  return {
    startPriceCents: 1000,
    currentBidCents: 1000 + bidCount * 100,
    bidCount,
    minNextBidCents: 1100 + bidCount * 100,
    endsAt: "2030-01-01T00:00:00.000Z",
    ended: false,
    reserveMet: true,
    hasReserve: false,
    buyItNowPriceCents: null,
    leaderId: ME,
  };
}

describe("one refetch of the bidder's history per bid", () => {
  /** The bidder's listing page (they had bid before), with its history on screen; counts its fetches. */
  function bidderPage() {
    client.setQueryData<ListingDetail>(queryKeys.listings.detail(LISTING), {
      id: LISTING,
      status: "active",
      auction: auction(2),
      viewer: { hasBid: true, isLeader: false, isSeller: false },
    } as ListingDetail);
    const history: BidHistory = { items: [], total: 2, page: 1, pageSize: 5 };
    client.setQueryData(queryKeys.listings.bids(LISTING), history);
    const fetches = { count: 0 };
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.listings.bids(LISTING),
      queryFn: async (): Promise<BidHistory> => {
        fetches.count++;
        return { ...history, total: 3 };
      },
    });
    stop.push(observer.subscribe(() => {}));
    return fetches;
  }
  const answer = { auction: auction(3), leading: true, message: "You're the highest bidder" };
  const event = {
    listingId: LISTING,
    status: "active" as const,
    auction: auction(3),
    bids: [
      {
        amountCents: 1300,
        placedAt: "2029-01-01T12:00:00.000Z",
        bidder: { name: "m***e", ratingCount: 0, isViewer: false },
      },
    ],
  };

  it("when the answer to the bid comes before its live event", async () => {
    const fetches = bidderPage();
    await afterBidPlaced(client, LISTING, answer);
    applyLiveEvent(client, "auction.updated", event);
    await settled();
    expect(fetches.count).toBe(1);
  });

  it("when the live event comes before the answer", async () => {
    const fetches = bidderPage();
    applyLiveEvent(client, "auction.updated", event);
    await afterBidPlaced(client, LISTING, answer);
    await settled();
    expect(fetches.count).toBe(1);
  });

  it("and a later bid (someone else's) is refetched again", async () => {
    const fetches = bidderPage();
    await afterBidPlaced(client, LISTING, answer);
    applyLiveEvent(client, "auction.updated", event);
    applyLiveEvent(client, "auction.updated", { ...event, auction: auction(4) });
    await settled();
    expect(fetches.count).toBe(2);
  });
});

describe("one refetch of the sender's conversation lists per message", () => {
  const CONVERSATION = "c1";
  const listKey = queryKeys.messages.list({ folder: "inbox", search: "" });
  const mine: Message = {
    id: "m1",
    conversationId: CONVERSATION,
    senderId: ME,
    text: "hello",
    attachments: [],
    read: false,
    createdAt: "2029-01-01T12:00:00.000Z",
  };

  /** The sender's /messages page with the list on screen; counts the list's fetches. */
  function senderPage() {
    const page: ConversationPage = {
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      unreadTotal: 0,
      folderCounts: { inbox: 0, sent: 0, archived: 0, trash: 0 },
    };
    client.setQueryData<InfiniteData<ConversationPage>>(listKey, {
      pages: [page],
      pageParams: [1],
    });
    const fetches = { count: 0 };
    const observer = new InfiniteQueryObserver(client, {
      queryKey: listKey,
      initialPageParam: 1,
      getNextPageParam: () => undefined,
      queryFn: async (): Promise<ConversationPage> => {
        fetches.count++;
        return page;
      },
    });
    stop.push(observer.subscribe(() => {}));
    return fetches;
  }

  it("when the answer to the send comes before its live event", async () => {
    const fetches = senderPage();
    await afterMessageSent(client, mine);
    applyLiveEvent(client, "message.created", { message: mine, unreadTotal: 0 });
    await settled();
    expect(fetches.count).toBe(1);
  });

  it("when the live event comes before the answer", async () => {
    const fetches = senderPage();
    applyLiveEvent(client, "message.created", { message: mine, unreadTotal: 0 });
    await afterMessageSent(client, mine);
    await settled();
    expect(fetches.count).toBe(1);
  });

  it("while a list not on screen is still marked to refetch when shown", async () => {
    const archived = queryKeys.messages.list({ folder: "archived", search: "" });
    client.setQueryData(archived, { pages: [], pageParams: [] });
    await afterMessageSent(client, mine);
    applyLiveEvent(client, "message.created", { message: mine, unreadTotal: 0 });
    expect(isInvalidated(archived)).toBe(true);
  });
});

describe("notification kinds", () => {
  function notification(kind: Notification["kind"]): Notification {
    return {
      id: kind,
      kind,
      text: kind,
      link: null,
      read: false,
      readAt: null,
      createdAt: "2029-01-01T00:00:00.000Z",
    } as Notification;
  }
  const keys = {
    order: queryKeys.orders.list(1),
    sale: queryKeys.sales.list(1),
    cancellation: queryKeys.cancellations.seller,
    listing: queryKeys.listings.detail(LISTING),
  };
  beforeEach(() => {
    for (const key of Object.values(keys)) client.setQueryData(key, {});
  });

  it("a shipping notification refreshes orders, sales and cancellations, not listings", () => {
    applyLiveEvent(client, "notification.created", {
      unreadCount: 1,
      notification: notification("order_shipped"),
    });
    expect(isInvalidated(keys.order)).toBe(true);
    expect(isInvalidated(keys.sale)).toBe(true);
    expect(isInvalidated(keys.cancellation)).toBe(true);
    expect(isInvalidated(keys.listing)).toBe(false);
  });

  it("a cancellation notification also refreshes listings (accepted stock is back on sale)", () => {
    applyLiveEvent(client, "notification.created", {
      unreadCount: 1,
      notification: notification("refund_issued"),
    });
    expect(isInvalidated(keys.order)).toBe(true);
    expect(isInvalidated(keys.listing)).toBe(true);
  });

  it("an outbid notification touches neither", () => {
    applyLiveEvent(client, "notification.created", {
      unreadCount: 1,
      notification: notification("outbid"),
    });
    for (const key of Object.values(keys)) expect(isInvalidated(key)).toBe(false);
  });
});

describe("an auction's live state", () => {
  it("lives in the query cache: the cards' entry and, when open, the listing's page", () => {
    client.setQueryData<ListingDetail>(queryKeys.listings.detail(LISTING), {
      id: LISTING,
      status: "active",
      auction: auction(2),
      viewer: null,
    } as unknown as ListingDetail);
    applyLiveEvent(client, "auction.updated", {
      listingId: LISTING,
      status: "active",
      auction: auction(3),
      bids: [],
    });
    expect(client.getQueryData(queryKeys.listings.liveAuction(LISTING))).toEqual({
      status: "active",
      auction: auction(3),
    });
    const page = client.getQueryData<ListingDetail>(queryKeys.listings.detail(LISTING));
    expect(page?.auction?.bidCount).toBe(3);
  });

  it("reaches a card with no listing page cached", () => {
    applyLiveEvent(client, "auction.updated", {
      listingId: "on-a-grid",
      status: "active",
      auction: auction(5),
      bids: [],
    });
    expect(client.getQueryData(queryKeys.listings.liveAuction("on-a-grid"))).toMatchObject({
      auction: { bidCount: 5 },
    });
  });
});
