import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import type { Session, SessionUser } from "../../core/contracts/accounts";
import type { PlaceBidResult } from "../../core/contracts/bidding";
import type { BidHistory, ListingDetail } from "../../core/contracts/browse";
import type { CheckoutRequest, SavedCart } from "../../core/contracts/buying";
import type {
  Conversation,
  ConversationPage,
  Message,
  MessagePage,
} from "../../core/contracts/messages";
import type {
  Notification,
  NotificationPage,
  NotificationPreferences,
  NotificationRead,
  UnreadCount,
} from "../../core/contracts/notifications";
import type {
  FollowedIds,
  FollowedSeller,
  FollowedSellerPage,
  SavedSearch,
  SavedSearchList,
  WatchedIds,
  WatchlistPage,
  WatchState,
} from "../../core/contracts/watching";
import type { LiveClientEvent, LiveEventName } from "../../core/events";
import { isFresherAuction } from "./auction-freshness";
import { queryKeys } from "./query-keys";

/*
 * What each mutation and each live event does to the query cache, declared in one place: the
 * hooks and the live connection call these rather than invalidating by hand, so "what does
 * placing a bid refresh?" has one answer. Functions that invalidate return the refetches'
 * promise (callers rarely wait for it); those that only write the cache return nothing.
 */

type RefetchType = "active" | "inactive" | "all" | "none";

/** Invalidates each key and everything under it; by default what is on screen refetches now. */
async function invalidate(
  client: QueryClient,
  keys: readonly QueryKey[],
  refetchType: RefetchType = "active",
): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey, refetchType })));
}

/** One seller's store header when the seller is known, otherwise every cached one. */
function storeOf(sellerId: string | undefined): QueryKey {
  return sellerId ? queryKeys.store.detail(sellerId) : queryKeys.store.all;
}

// ---------- session ----------

/**
 * What reads differently depending on who is signed in. Left out on purpose: the session (set
 * directly), the category tree and territories, the sign-in and payment providers, the dev
 * outbox, and an emailed link's confirmation (refetching it would post a one-time token again).
 */
const viewerDependent: readonly QueryKey[] = [
  queryKeys.listings.all, // the viewer's standing on a listing, own listings, the edit form
  queryKeys.home.all, // listings may read differently for a signed-in user
  queryKeys.store.all, // as above
  queryKeys.cart.all, // own listings can't be bought
  queryKeys.orders.all,
  queryKeys.sales.all,
  queryKeys.myListings.all,
  queryKeys.myBids.all,
  queryKeys.notifications.all, // lists, unread count and preferences are the user's
  queryKeys.messages.all, // conversations are the user's
  queryKeys.payments.sandboxSessions,
  queryKeys.selling.all,
  queryKeys.watching.all, // watchlist, saved searches and follows are the user's
  queryKeys.admin.all, // staff only
];

/** Signed in (password form): the page switches at once, then the viewer's data is refetched. */
export function afterSignIn(client: QueryClient, user: SessionUser): Promise<void> {
  client.setQueryData<Session>(queryKeys.session.current, { user });
  return invalidate(client, viewerDependent);
}

/** Signed out (whatever the server answered): the page forgets the user, then refetches. */
export function afterSignOut(client: QueryClient): Promise<void> {
  client.setQueryData<Session>(queryKeys.session.current, { user: null });
  return invalidate(client, viewerDependent);
}

/** The server said nobody is signed in (the wizard's own check): the header learns it too. */
export function afterSignedOutFound(client: QueryClient): void {
  client.setQueryData<Session>(queryKeys.session.current, { user: null });
}

/** A call was answered "not signed in": the page's idea of the session is stale, ask again. */
export function afterUnauthorizedAnswer(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.session.current]);
}

/** Profile or avatar saved: the new user shows at once; where their name and picture appear refetches. */
export function afterProfileUpdated(client: QueryClient, user: SessionUser): Promise<void> {
  client.setQueryData<Session>(queryKeys.session.current, { user });
  return invalidate(client, [
    queryKeys.listings.all, // cards and pages name the seller; bid histories name the bidders
    queryKeys.home.all, // cards name the seller
    queryKeys.store.detail(user.id), // the store header shows the name and picture
  ]);
}

/** An emailed link was confirmed: a changed email shows in the session (header, settings). */
export function afterEmailConfirmed(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.session.current]);
}

// ---------- bidding ----------

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
  return invalidate(client, [
    queryKeys.listings.bids(listingId), // the bid (and any proxy answer) joins the history
    queryKeys.myBids.all, // /my/bids and the profile list the bidder's bids
  ]);
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

// ---------- selling ----------

/** A listing was created: it joins browse lists, home, category counts and the seller's lists. */
export function afterListingCreated(
  client: QueryClient,
  { sellerId }: { sellerId: string | undefined },
): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.lists,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails, // listing counts
    queryKeys.myListings.all,
    storeOf(sellerId), // the store's count of open listings
  ]);
}

/** A listing was edited: anything may have changed (kind, category, quantity, end, photos). */
export function afterListingUpdated(
  client: QueryClient,
  { listingId, sellerId }: { listingId: string; sellerId: string | undefined },
): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.detail(listingId),
    queryKeys.listings.edit(listingId),
    queryKeys.listings.lists,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails, // a new category moves the counts
    queryKeys.myListings.all,
    storeOf(sellerId), // quantity and end decide whether it counts as open
  ]);
}

/** A listing was deleted: it leaves every list and its own page. */
export function afterListingDeleted(
  client: QueryClient,
  { listingId, sellerId }: { listingId: string; sellerId: string | undefined },
): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.item(listingId),
    queryKeys.listings.lists,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails,
    queryKeys.myListings.all,
    storeOf(sellerId),
  ]);
}

// ---------- admin (staff) ----------

/**
 * A staff action (a report resolved, a listing removed or restored, a user suspended, a refund, a
 * rule): the admin area's figures, queues and pages all read it, and a removed, restored or
 * suspended listing leaves or rejoins every public list, page and store.
 */
export function afterStaffAction(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.admin.all,
    queryKeys.listings.all,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails,
    queryKeys.store.all,
  ]);
}

/** Only the admin area reads what changed (a report assigned, a listing rule added or deleted). */
export function afterAdminDataChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.admin.all]);
}

// ---------- buying ----------

/** The saved cart was written (saved or merged): the server's answer is the cached one. */
export function afterSavedCartWritten(client: QueryClient, cart: SavedCart): void {
  client.setQueryData<SavedCart>(queryKeys.cart.saved, cart);
}

/**
 * Checkout started: stock is reserved and a pending order exists. Only marked stale: the page
 * is leaving for the provider's, so a refetch now would be cut off.
 */
export function afterCheckoutStarted(client: QueryClient, request: CheckoutRequest): Promise<void> {
  const lines = "lines" in request ? request.lines : [];
  return invalidate(
    client,
    [
      queryKeys.cart.all, // reserved stock is no longer available
      queryKeys.orders.all, // the pending order
      ...lines.map((line) => queryKeys.listings.detail(line.listingId)), // their stock
    ],
    "none",
  );
}

/**
 * The sandbox took the payment: the order is paid and its listings' stock is sold (a listing
 * may sell out and leave lists, sections, counts and stores). Only marked stale: the page is
 * leaving for the confirmation.
 */
export function afterPaymentSucceeded(client: QueryClient): Promise<void> {
  return invalidate(
    client,
    [
      queryKeys.orders.all,
      queryKeys.cart.all,
      queryKeys.listings.all,
      queryKeys.home.all,
      queryKeys.catalog.categoryDetails,
      queryKeys.store.all,
      queryKeys.myBids.all, // a won auction is paid for
    ],
    "none",
  );
}

/** The buyer gave up on the sandbox page: the order is cancelled; marked stale, the page leaves. */
export function afterPaymentCancelled(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.orders.all, queryKeys.cart.all], "none");
}

/**
 * An unpaid order was cancelled from Purchase History or the cart's offer: its stock is free again
 * for everyone, so its listings' pages and the cart's check are asked again.
 */
export function afterUnpaidOrderCancelled(
  client: QueryClient,
  listingIds: readonly string[],
): Promise<void> {
  return invalidate(client, [
    queryKeys.orders.all,
    queryKeys.cart.all,
    ...listingIds.map((id) => queryKeys.listings.detail(id)),
  ]);
}

/** Back from the provider without paying: the order is cancelled and its stock free again. */
export function afterOrderCancelled(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.orders.all, queryKeys.cart.all]);
}

// ---------- feedback ----------

/**
 * Feedback was left: the line's buttons change, and a buyer's stars move the seller's rating on
 * every card, listing page, store header, followed-seller row and feedback list.
 */
export function afterFeedbackLeft(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.orders.all,
    queryKeys.sales.all,
    queryKeys.feedback.all,
    queryKeys.store.all,
    queryKeys.listings.all,
    queryKeys.home.all,
    queryKeys.watching.followedSellers,
  ]);
}

/**
 * A sale was marked shipped or ready for pickup, or received (here or, told live, elsewhere): the
 * buyer's order and the seller's sale row show its state, and a shipped part can no longer be
 * asked to be cancelled (Purchase History's "Request cancellation" reads the cancellation query).
 */
export function afterShippingChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.orders.all,
    queryKeys.sales.all,
    queryKeys.cancellations.all,
  ]);
}

/** Notifications that mean an order's shipping state moved. */
const SHIPPING_KINDS: ReadonlySet<string> = new Set([
  "order_shipped",
  "order_received",
  "shipping_late",
]);

/** A reply was added: the sale's row and the store's list show it. */
export function afterFeedbackReplied(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.sales.all, queryKeys.feedback.all]);
}

// ---------- cancellations and refunds ----------

/**
 * A cancellation was asked, answered or refunded (here or, told live, elsewhere): both sides'
 * order and sale rows and the requests change, and accepted stock is back on sale.
 */
export function afterCancellationChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.cancellations.all,
    queryKeys.orders.all,
    queryKeys.sales.all,
    queryKeys.listings.all,
  ]);
}

/** Notifications that mean a cancellation or refund moved. */
const CANCELLATION_KINDS: ReadonlySet<string> = new Set([
  "cancellation_requested",
  "cancellation_answered",
  "refund_issued",
]);

// ---------- notifications ----------

type CachedNotifications = NotificationPage | InfiniteData<NotificationPage, string | undefined>;

function pagesOf(data: CachedNotifications): NotificationPage[] {
  return "pages" in data ? data.pages : [data];
}

function patchPage(
  page: NotificationPage,
  patch: (n: Notification) => Notification,
  unreadCount: number | undefined,
): NotificationPage {
  return { ...page, items: page.items.map(patch), unreadCount: unreadCount ?? page.unreadCount };
}

/**
 * Writes a change into every cached notification list (the bell's and the page's): each item
 * through `patch`, and the new unread count when known.
 */
export function patchCachedNotifications(
  client: QueryClient,
  patch: (n: Notification) => Notification,
  unreadCount?: number,
): void {
  client.setQueriesData<CachedNotifications>(
    { queryKey: queryKeys.notifications.lists },
    (data) => {
      if (!data) return data;
      if ("pages" in data)
        return { ...data, pages: data.pages.map((p) => patchPage(p, patch, unreadCount)) };
      return patchPage(data, patch, unreadCount);
    },
  );
}

/** The unread count as the page last heard it (the bell's list, else the page's), if any. */
function knownUnreadCount(client: QueryClient): number | undefined {
  const latest = client.getQueryData<NotificationPage>(queryKeys.notifications.latest);
  if (latest) return latest.unreadCount;
  const list = client.getQueryData<InfiniteData<NotificationPage>>(queryKeys.notifications.list);
  return list?.pages[0]?.unreadCount;
}

function isCached(client: QueryClient, id: string): boolean {
  return client
    .getQueriesData<CachedNotifications>({ queryKey: queryKeys.notifications.lists })
    .some(([, data]) => data && pagesOf(data).some((p) => p.items.some((n) => n.id === id)));
}

/**
 * Puts a new notification at the top of every cached list, once. The bell keeps its size (it
 * never pages on); the page's first page grows instead, so its `nextCursor` stays right.
 */
function prependNotification(
  client: QueryClient,
  notification: Notification,
  unreadCount: number,
): void {
  client.setQueriesData<CachedNotifications>(
    { queryKey: queryKeys.notifications.lists },
    (data) => {
      if (!data) return data;
      if (pagesOf(data).some((p) => p.items.some((n) => n.id === notification.id)))
        return "pages" in data
          ? { ...data, pages: data.pages.map((p) => ({ ...p, unreadCount })) }
          : { ...data, unreadCount };
      if ("pages" in data)
        return {
          ...data,
          pages: data.pages.map((p, index) => ({
            ...p,
            items: index === 0 ? [notification, ...p.items] : p.items,
            total: p.total + 1,
            unreadCount,
          })),
        };
      return {
        ...data,
        items: [notification, ...data.items].slice(0, Math.max(data.pageSize, 1)),
        total: data.total + 1,
        unreadCount,
      };
    },
  );
}

/** One notification marked read: it and the count change at once (other tabs hear it live). */
export function afterNotificationRead(
  client: QueryClient,
  { notification, unreadCount }: NotificationRead,
): void {
  patchCachedNotifications(
    client,
    (n) => (n.id === notification.id ? notification : n),
    unreadCount,
  );
}

/** Everything marked read: what is on screen turns read at once, then the lists refetch. */
export function afterAllNotificationsRead(
  client: QueryClient,
  { unreadCount }: UnreadCount,
): Promise<void> {
  const readAt = new Date().toISOString();
  patchCachedNotifications(client, (n) => (n.read ? n : { ...n, read: true, readAt }), unreadCount);
  return invalidate(client, [queryKeys.notifications.lists]);
}

/**
 * Email choices saved: the server's answer is the truth for the kinds this change named (shown
 * optimistically already). Only those: the answer to an earlier change can arrive after a later
 * box was ticked, and must not untick it.
 */
export function afterNotificationPreferencesSaved(
  client: QueryClient,
  preferences: NotificationPreferences,
  named: readonly (keyof NotificationPreferences)[],
): void {
  client.setQueryData<NotificationPreferences>(queryKeys.notifications.preferences, (current) => {
    if (!current) return preferences;
    const next = { ...current };
    for (const kind of named) next[kind] = preferences[kind];
    return next;
  });
}

// ---------- messages ----------

type CachedConversations = InfiniteData<ConversationPage, number>;
type CachedThread = InfiniteData<MessagePage, string | undefined>;

/** Who is signed in, as the session query last said (live handlers have no component to ask). */
function viewerId(client: QueryClient): string | undefined {
  return client.getQueryData<Session>(queryKeys.session.current)?.user?.id;
}

/** Writes a change into every cached conversation list: each conversation, and the unread total. */
function patchConversationLists(
  client: QueryClient,
  patch: (conversation: Conversation) => Conversation,
  unreadTotal?: number,
): void {
  client.setQueriesData<CachedConversations>({ queryKey: queryKeys.messages.lists }, (data) => {
    if (!data?.pages) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map(patch),
        unreadTotal: unreadTotal ?? page.unreadTotal,
      })),
    };
  });
}

function patchConversation(
  client: QueryClient,
  id: string,
  patch: (conversation: Conversation) => Conversation,
): void {
  patchConversationLists(client, (c) => (c.id === id ? patch(c) : c));
  client.setQueryData<Conversation>(queryKeys.messages.detail(id), (c) => (c ? patch(c) : c));
}

/** The header's unread badge, and the count every cached list page carries. */
function setUnreadTotal(client: QueryClient, unreadTotal: number): void {
  client.setQueryData<number>(queryKeys.messages.unread, unreadTotal);
  patchConversationLists(client, (c) => c, unreadTotal);
}

/**
 * Adds a message to the newest page of its conversation's cached thread, once (the sender's own
 * answer and the live event both bring it). Answers whether it was new there.
 */
function appendToThread(client: QueryClient, message: Message): boolean {
  const key = queryKeys.messages.thread(message.conversationId);
  // A fetch of the thread already on its way may have read it before this message was written, and
  // would replace the thread without it when it lands: it is dropped and the thread fetched again.
  if (client.isFetching({ queryKey: key }) > 0) void client.invalidateQueries({ queryKey: key });
  let added = false;
  client.setQueryData<CachedThread>(key, (data) => {
    if (!data?.pages?.length) return data;
    if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
    added = true;
    const [newest, ...older] = data.pages as [MessagePage, ...MessagePage[]];
    return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
  });
  return added;
}

/**
 * Shows a message as its conversation's latest in the lists and the chat header. Only a message
 * newer than the one shown counts, so running it twice changes nothing the second time.
 */
function showAsLatest(client: QueryClient, message: Message, me: string | undefined): void {
  patchConversation(client, message.conversationId, (c) => {
    if (c.lastMessage && Date.parse(c.lastMessage.createdAt) >= Date.parse(message.createdAt))
      return c;
    const toMe = me !== undefined && message.senderId !== me && !message.read;
    return {
      ...c,
      lastMessage: {
        senderId: message.senderId,
        text: message.text,
        attachmentCount: message.attachments.length,
        createdAt: message.createdAt,
      },
      unreadCount: toMe ? c.unreadCount + 1 : c.unreadCount,
      updatedAt: message.createdAt,
    };
  });
}

/** A message was sent: it shows in the chat and as the latest at once; the lists re-sort. */
export function afterMessageSent(client: QueryClient, message: Message): Promise<void> {
  appendToThread(client, message);
  showAsLatest(client, message, viewerId(client));
  // A reply moves the conversation to the top, and into Sent.
  return invalidate(client, [queryKeys.messages.lists]);
}

/** A conversation was started or reopened (with its first message): the lists gain it. */
export function afterConversationStarted(
  client: QueryClient,
  { conversation, message }: { conversation: Conversation; message: Message | null },
): Promise<void> {
  client.setQueryData(queryKeys.messages.detail(conversation.id), conversation);
  if (message) appendToThread(client, message);
  return invalidate(client, [queryKeys.messages.lists]);
}

/** The viewer read a conversation: its messages to them turn read, and the badge drops. */
export function afterConversationRead(
  client: QueryClient,
  conversationId: string,
  { unreadTotal }: { unreadTotal: number },
): void {
  const me = viewerId(client);
  setUnreadTotal(client, unreadTotal);
  patchConversation(client, conversationId, (c) => ({ ...c, unreadCount: 0 }));
  client.setQueryData<CachedThread>(queryKeys.messages.thread(conversationId), (data) => {
    if (!data?.pages) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((m) => (m.senderId !== me && !m.read ? { ...m, read: true } : m)),
      })),
    };
  });
}

/**
 * Archived, trashed or restored: it changes lists and folder counts, and the badge (the trash
 * does not count).
 */
export function afterConversationMoved(
  client: QueryClient,
  conversation: Conversation,
): Promise<void> {
  client.setQueryData(queryKeys.messages.detail(conversation.id), conversation);
  return invalidate(client, [queryKeys.messages.lists, queryKeys.messages.unread]);
}

/** Blocked or unblocked: every conversation with that user shows it (and takes messages or not). */
export function afterBlockChanged(client: QueryClient, userId: string): Promise<void> {
  const touched = (c: Conversation) => c.otherUser.id === userId;
  return invalidate(client, [
    queryKeys.messages.lists,
    ...client
      .getQueriesData<Conversation>({ queryKey: queryKeys.messages.all })
      .filter(([key, data]) => key[key.length - 1] === "detail" && data && touched(data))
      .map(([key]) => key),
  ]);
}

// ---------- watching ----------

type IdList = WatchedIds | FollowedIds;

/** Puts `id` in or out of a cached id list (the hearts' or the Follow buttons'). */
function setMembership(
  client: QueryClient,
  key: QueryKey,
  id: string,
  member: boolean,
): boolean | undefined {
  const before = client.getQueryData<IdList>(key);
  const was = before?.ids.includes(id);
  client.setQueryData<IdList>(key, (current) => {
    if (!current || current.ids.includes(id) === member) return current;
    return { ids: member ? [...current.ids, id] : current.ids.filter((x) => x !== id) };
  });
  return was;
}

/**
 * Shows a watch or unwatch at once (hearts, the listing page's button and its count) before
 * the server answers. Returns the undo for a refusal, which puts back only this listing: another
 * toggle may be on its way meanwhile.
 */
export function showWatching(client: QueryClient, listingId: string, watching: boolean) {
  const key = queryKeys.watching.watchedIds;
  const was = setMembership(client, key, listingId, watching);
  const detailKey = queryKeys.listings.detail(listingId);
  const shift = was === undefined || was === watching ? 0 : watching ? 1 : -1;
  if (shift !== 0)
    client.setQueryData<ListingDetail>(detailKey, (current) =>
      current ? { ...current, watcherCount: Math.max(0, current.watcherCount + shift) } : current,
    );
  return () => {
    if (was !== undefined) setMembership(client, key, listingId, was);
    if (shift !== 0)
      client.setQueryData<ListingDetail>(detailKey, (current) =>
        current ? { ...current, watcherCount: Math.max(0, current.watcherCount - shift) } : current,
      );
  };
}

/**
 * Watched or unwatched (the server's answer): the heart, the button and its count show it; an
 * unwatched item leaves the watchlist pages at once, and they refetch (filters, counts, order).
 */
export function afterWatchChanged(client: QueryClient, state: WatchState): Promise<void> {
  setMembership(client, queryKeys.watching.watchedIds, state.listingId, state.watching);
  client.setQueryData<ListingDetail>(queryKeys.listings.detail(state.listingId), (current) =>
    current ? { ...current, watcherCount: state.watcherCount } : current,
  );
  if (!state.watching)
    client.setQueriesData<WatchlistPage>({ queryKey: queryKeys.watching.watchlists }, (page) => {
      if (!page?.items.some((item) => item.listing.id === state.listingId)) return page;
      return {
        ...page,
        items: page.items.filter((item) => item.listing.id !== state.listingId),
        total: Math.max(0, page.total - 1),
      };
    });
  // The ids too: a fetch of them begun before this write (right after signing in, say) would
  // otherwise land after it and put the old list back.
  return invalidate(client, [queryKeys.watching.watchlists, queryKeys.watching.watchedIds]);
}

/** Writes a change into the cached saved search list and its edit form; returns the undo. */
export function showSavedSearch(
  client: QueryClient,
  id: string,
  patch: Partial<SavedSearch>,
): () => void {
  const list = client.getQueryData<SavedSearchList>(queryKeys.watching.savedSearchList);
  const before = list?.items.find((s) => s.id === id);
  const write = (change: Partial<SavedSearch>) => {
    client.setQueryData<SavedSearchList>(queryKeys.watching.savedSearchList, (current) =>
      current
        ? { items: current.items.map((s) => (s.id === id ? { ...s, ...change } : s)) }
        : current,
    );
    client.setQueryData<SavedSearch>(queryKeys.watching.savedSearch(id), (current) =>
      current ? { ...current, ...change } : current,
    );
  };
  write(patch);
  return () => {
    if (!before) return;
    const undo: Partial<SavedSearch> = {};
    for (const field of Object.keys(patch) as (keyof SavedSearch)[])
      Object.assign(undo, { [field]: before[field] });
    write(undo);
  };
}

/** A search was saved: the list shows it (refetched, for the server's order). */
export function afterSavedSearchCreated(client: QueryClient, search: SavedSearch): Promise<void> {
  client.setQueryData(queryKeys.watching.savedSearch(search.id), search);
  return invalidate(client, [queryKeys.watching.savedSearchList]);
}

/** A saved search changed: the server's answer (its canonical query and description) is the truth. */
export function afterSavedSearchUpdated(client: QueryClient, search: SavedSearch): void {
  client.setQueryData(queryKeys.watching.savedSearch(search.id), search);
  client.setQueryData<SavedSearchList>(queryKeys.watching.savedSearchList, (current) =>
    current ? { items: current.items.map((s) => (s.id === search.id ? search : s)) } : current,
  );
}

/** A saved search was deleted: it leaves the list at once; its edit form is forgotten. */
export function afterSavedSearchDeleted(client: QueryClient, id: string): Promise<void> {
  client.setQueryData<SavedSearchList>(queryKeys.watching.savedSearchList, (current) =>
    current ? { items: current.items.filter((s) => s.id !== id) } : current,
  );
  client.removeQueries({ queryKey: queryKeys.watching.savedSearch(id), exact: true });
  return invalidate(client, [queryKeys.watching.savedSearchList]);
}

/** Shows a follow or unfollow at once (every Follow button); returns the undo for a refusal. */
export function showFollowing(client: QueryClient, sellerId: string, following: boolean) {
  const key = queryKeys.watching.followedIds;
  const was = setMembership(client, key, sellerId, following);
  return () => {
    if (was !== undefined) setMembership(client, key, sellerId, was);
  };
}

/**
 * Followed or unfollowed (the server's answer): every Follow button shows it; an unfollowed
 * seller leaves /watchlist/sellers at once, and its pages refetch.
 */
export function afterFollowChanged(
  client: QueryClient,
  sellerId: string,
  following: boolean,
): Promise<void> {
  setMembership(client, queryKeys.watching.followedIds, sellerId, following);
  if (!following)
    client.setQueriesData<FollowedSellerPage>(
      { queryKey: queryKeys.watching.followedSellers },
      (page) => {
        if (!page?.items.some((item) => item.seller.id === sellerId)) return page;
        return {
          ...page,
          items: page.items.filter((item) => item.seller.id !== sellerId),
          total: Math.max(0, page.total - 1),
        };
      },
    );
  // The ids too: an older fetch of them must not land after this write.
  return invalidate(client, [queryKeys.watching.followedSellers, queryKeys.watching.followedIds]);
}

/** Writes a follow's notification choice into the cached pages; returns the undo. */
export function showFollowNotifications(
  client: QueryClient,
  sellerId: string,
  notificationsEnabled: boolean,
): () => void {
  const write = (enabled: boolean) =>
    client.setQueriesData<FollowedSellerPage>(
      { queryKey: queryKeys.watching.followedSellers },
      (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) =>
                item.seller.id === sellerId ? { ...item, notificationsEnabled: enabled } : item,
              ),
            }
          : page,
    );
  write(notificationsEnabled);
  return () => write(!notificationsEnabled);
}

/** A follow's notification choice saved: the server's answer is the truth. */
export function afterFollowUpdated(client: QueryClient, followed: FollowedSeller): void {
  client.setQueriesData<FollowedSellerPage>(
    { queryKey: queryKeys.watching.followedSellers },
    (page) =>
      page
        ? {
            ...page,
            items: page.items.map((item) =>
              item.seller.id === followed.seller.id ? followed : item,
            ),
          }
        : page,
  );
}

// ---------- live events ----------

export { isFresherAuction };

type HistoryBid = BidHistory["items"][number];

/**
 * What each handler accepts: what the live connection parses (core/events.ts), except that an
 * auction update's `bids` may be missing (an older server), and then the history is refetched.
 */
export interface LiveEventPayloads {
  "auction.updated": Omit<LiveClientEvent<"auction.updated">, "bids"> & {
    bids?: readonly HistoryBid[];
  };
  "notification.created": LiveClientEvent<"notification.created">;
  "notifications.unread": LiveClientEvent<"notifications.unread">;
  "message.created": LiveClientEvent<"message.created">;
  "messages.read": LiveClientEvent<"messages.read">;
}

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
 * What each live event does to the cache, keyed by the event's name. The live connection calls
 * `liveEventInvalidations[name](queryClient, payload)` for each event it receives; each handler
 * is safe to run twice with the same payload.
 */
export const liveEventInvalidations: {
  readonly [N in LiveEventName]: (queryClient: QueryClient, payload: LiveEventPayloads[N]) => void;
} = {
  "auction.updated": (client, update) => {
    const detailKey = queryKeys.listings.detail(update.listingId);
    const bidsKey = queryKeys.listings.bids(update.listingId);
    const current = client.getQueryData<ListingDetail>(detailKey);
    // No listing page cached (only a card on a grid): cards read the live store, not this cache.
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
        void invalidate(client, [bidsKey]);
      // The full history, when open, has only its first page here: it refetches instead.
      else void invalidate(client, [queryKeys.listings.bidHistory(update.listingId)]);
    } else if (update.bids || update.auction.bidCount !== current.auction.bidCount) {
      void invalidate(client, [bidsKey]);
    }
  },

  "notification.created": (client, { unreadCount, notification }) => {
    const known = knownUnreadCount(client);
    if (!notification) {
      patchCachedNotifications(client, (n) => n, unreadCount);
      void invalidate(client, [queryKeys.notifications.lists]);
      return;
    }
    const expected =
      known === undefined || isCached(client, notification.id) || notification.read
        ? known
        : known + 1;
    prependNotification(client, notification, unreadCount);
    if (SHIPPING_KINDS.has(notification.kind)) void afterShippingChanged(client);
    if (CANCELLATION_KINDS.has(notification.kind)) void afterCancellationChanged(client);
    // Any other count means the page missed a change (a reconnect, a read elsewhere).
    if (expected !== undefined && expected !== unreadCount)
      void invalidate(client, [queryKeys.notifications.lists]);
  },

  "notifications.unread": (client, { unreadCount }) => {
    const known = knownUnreadCount(client);
    patchCachedNotifications(client, (n) => n, unreadCount);
    // Only a changed count means the lists are out of date (a read in another tab); the count
    // sent on every connect usually matches, and then nothing needs refetching.
    if (known !== undefined && known !== unreadCount)
      void invalidate(client, [queryKeys.notifications.lists]);
  },

  "message.created": (client, { message, unreadTotal }) => {
    setUnreadTotal(client, unreadTotal);
    appendToThread(client, message);
    showAsLatest(client, message, viewerId(client));
    // Order, folders (a new conversation, one coming back from the archive) are the server's.
    void invalidate(client, [queryKeys.messages.lists]);
  },

  "messages.read": (client, { conversationId, unreadTotal }) => {
    setUnreadTotal(client, unreadTotal);
    // Both sides hear it and it does not say who read: the open chat asks which of its messages
    // are read now (the other side's show "Seen"; the reader's own tabs lose their unread marks).
    void invalidate(client, [queryKeys.messages.lists, queryKeys.messages.item(conversationId)]);
  },
};

/** Runs the handler of one parsed live event (spares the caller a cast on a union of names). */
export function applyLiveEvent<N extends LiveEventName>(
  client: QueryClient,
  name: N,
  payload: LiveEventPayloads[N],
): void {
  (
    liveEventInvalidations[name] as (
      queryClient: QueryClient,
      payload: LiveEventPayloads[N],
    ) => void
  )(client, payload);
}

/**
 * The live connection came back after a drop: the server does not replay what was missed, so
 * whatever bids, settlements and notifications move is refetched.
 */
export function afterLiveReconnect(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.listings.all,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails, // an auction that ended leaves the counts
    queryKeys.store.all,
    queryKeys.myListings.all,
    queryKeys.myBids.all,
    queryKeys.orders.all, // a won auction opens an order
    queryKeys.sales.all,
    queryKeys.notifications.lists,
    queryKeys.messages.all,
  ]);
}
