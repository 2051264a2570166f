import type { ListingQuery } from "../../core/contracts/browse";
import type { CartLineInput } from "../../core/contracts/buying";

// Each area's root, so that every narrower key below is built on it and a prefix can't drift.
const sessionRoot = ["session"] as const;
const deliverToRoot = ["deliver-to"] as const;
const listingsRoot = ["listings"] as const;
const listingItem = (id: string) => [...listingsRoot, "item", id] as const;
const homeRoot = ["home"] as const;
const catalogRoot = ["catalog"] as const;
const cartRoot = ["cart"] as const;
const ordersRoot = ["orders"] as const;
const salesRoot = ["sales"] as const;
const sellerPaymentsRoot = ["seller-payments"] as const;
const cancellationsRoot = ["cancellations"] as const;
const returnsRoot = ["returns"] as const;
const myListingsRoot = ["my-listings"] as const;
const myBidsRoot = ["my-bids"] as const;
const offersRoot = ["offers"] as const;
const notificationsRoot = ["notifications"] as const;
const notificationLists = [...notificationsRoot, "list"] as const;
const messagesRoot = ["messages"] as const;
const conversationLists = [...messagesRoot, "list"] as const;
const conversationItem = (id: string) => [...messagesRoot, "conversation", id] as const;
const storeRoot = ["store"] as const;
const paymentsRoot = ["payments"] as const;
const authRoot = ["auth"] as const;
const sellingRoot = ["selling"] as const;
const devOutboxRoot = ["dev-outbox"] as const;
const watchingRoot = ["watching"] as const;
const watchlistPages = [...watchingRoot, "items"] as const;
const savedSearchesRoot = [...watchingRoot, "searches"] as const;
const followedPages = [...watchingRoot, "sellers"] as const;
const adminRoot = ["admin"] as const;
const apiTokensRoot = ["api-tokens"] as const;
const currenciesRoot = ["currencies"] as const;

/**
 * Every TanStack Query key the client uses. Keys nest: each area has an `all` prefix and the
 * narrower keys extend it, so invalidating a key reaches exactly the queries under it (for
 * example `listings.item(id)` is one listing's page, bid history and edit form, and no list).
 * Which mutation or live event invalidates what is declared by each feature (its cache.ts) and
 * composed in client/app/live-effects.ts.
 */
export const queryKeys = {
  session: {
    all: sessionRoot,
    /** GET /api/auth/session: who is signed in. */
    current: [...sessionRoot, "current"] as const,
  },
  /** The buyer's "Deliver to" (lib/deliver-to.ts): the account's, or this browser's for a visitor. */
  deliverTo: {
    all: deliverToRoot,
    current: (userId: string | null) => [...deliverToRoot, userId ?? "visitor"] as const,
  },
  listings: {
    all: listingsRoot,
    /** Every browse, search or store page of cards (GET /api/listings). */
    lists: [...listingsRoot, "list"] as const,
    list: (params: Partial<ListingQuery>) => [...listingsRoot, "list", params] as const,
    /**
     * The filter panel's counts for a browse query (GET /api/listings/facets): under `lists`, so
     * whatever refreshes the lists refreshes the counts beside them.
     */
    facets: (params: Partial<ListingQuery>) => [...listingsRoot, "list", "facets", params] as const,
    /** Everything about one listing: its page, its bid history and its edit form. */
    item: listingItem,
    detail: (id: string) => [...listingItem(id), "detail"] as const,
    bids: (id: string) => [...listingItem(id), "bids"] as const,
    /** The whole bid history, page by page (under `bids`: what refreshes those refreshes it). */
    bidHistory: (id: string) => [...listingItem(id), "bids", "all"] as const,
    /** GET /api/listings/{id}/similar. */
    similar: (id: string) => [...listingItem(id), "similar"] as const,
    /** GET /api/listings/{id}/recently-sold: sold-price research on the listing's page. */
    recentlySold: (id: string) => [...listingItem(id), "recently-sold"] as const,
    /**
     * The latest live state of each auction the page follows (written only by live events, never
     * fetched): cards lay it over their own data. The live connection removes what it no longer
     * follows.
     */
    liveAuctions: [...listingsRoot, "live"] as const,
    liveAuction: (id: string) => [...listingsRoot, "live", id] as const,
    /** GET /api/listings/cards for ids the browser keeps (recently viewed), in that order. */
    cards: (ids: readonly string[]) => [...listingsRoot, "cards", ...ids] as const,
    edit: (id: string) => [...listingItem(id), "edit"] as const,
  },
  home: {
    all: homeRoot,
    /** The home page's sections, for one territory or all ("all"). */
    sections: (territory: string | undefined) => [...homeRoot, territory ?? "all"] as const,
  },
  catalog: {
    all: catalogRoot,
    /** The category tree (no counts). */
    categories: [...catalogRoot, "categories"] as const,
    /** Every category page: they carry listing counts, which listings move. */
    categoryDetails: [...catalogRoot, "category"] as const,
    category: (slug: string) => [...catalogRoot, "category", slug] as const,
    territories: [...catalogRoot, "territories"] as const,
  },
  cart: {
    all: cartRoot,
    /** Stock, prices and problems of the cart's lines, as the server sees them now. */
    validation: (lines: readonly CartLineInput[], deliverTo: string | null = null) =>
      [...cartRoot, "validation", lines, deliverTo] as const,
    /** GET /api/me/cart: the signed-in user's cart kept on the server (under `all`: per viewer). */
    saved: [...cartRoot, "saved"] as const,
  },
  /** The buyer's orders: /my/purchases pages and single orders (checkout, confirmation). */
  orders: {
    all: ordersRoot,
    lists: [...ordersRoot, "list"] as const,
    list: (page: number) => [...ordersRoot, "list", page] as const,
    /** The page that holds one order (a notification's link to it). */
    listHolding: (orderId: string) => [...ordersRoot, "list", "holding", orderId] as const,
    detail: (id: string) => [...ordersRoot, "detail", id] as const,
    /** GET /api/orders/{id}/details: the order page, for its buyer or a seller. Under the
     * orders root, so whatever refreshes orders (shipping, cancellations, feedback) refreshes it. */
    page: (id: string) => [...ordersRoot, "page", id] as const,
    /** GET /api/me/orders/unpaid: Pay now / Cancel, and the cart's offer to resume. */
    unpaid: [...ordersRoot, "unpaid"] as const,
  },
  /** Best Offer: a buyer's offers on one listing, and the offer lists of both sides. */
  offers: {
    all: offersRoot,
    /** GET /api/listings/{id}/offers/mine: the signed-in buyer's offers on one listing. */
    mine: (listingId: string) => [...offersRoot, "mine", listingId] as const,
    /** GET /api/my/offers: the buyer's (Bids & Offers) or the seller's (Selling) offers. */
    list: (params: { role: "buyer" | "seller"; listingId?: string; page: number }) =>
      [...offersRoot, "list", params] as const,
  },
  /** The seller's sold lines (/my/selling). */
  sales: {
    all: salesRoot,
    list: (page: number) => [...salesRoot, "list", page] as const,
    /** The page that holds one order's lines (a notification's link to it). */
    listHolding: (orderId: string) => [...salesRoot, "list", "holding", orderId] as const,
  },
  /** The seller's money (/my/payments): summary, payouts, transactions, statements, settings. */
  sellerPayments: {
    all: sellerPaymentsRoot,
    summary: [...sellerPaymentsRoot, "summary"] as const,
    payouts: [...sellerPaymentsRoot, "payouts"] as const,
    transactions: (filters: { kind?: string; from?: string; to?: string; page: number }) =>
      [...sellerPaymentsRoot, "transactions", filters] as const,
    statement: (month: string) => [...sellerPaymentsRoot, "statement", month] as const,
    settings: [...sellerPaymentsRoot, "settings"] as const,
  },
  /** Cancellation requests and refunds: an order's parts (buyer) and the requests to a seller. */
  cancellations: {
    all: cancellationsRoot,
    order: (orderId: string) => [...cancellationsRoot, "order", orderId] as const,
    seller: [...cancellationsRoot, "seller"] as const,
  },
  /** Returns and "item not received" requests: an order's, each side's list, and staff's cases. */
  returns: {
    all: returnsRoot,
    order: (orderId: string) => [...returnsRoot, "order", orderId] as const,
    mine: (role: "buyer" | "seller") => [...returnsRoot, "mine", role] as const,
    cases: (status: "open" | "decided") => [...returnsRoot, "cases", status] as const,
    case: (id: string) => [...returnsRoot, "case", id] as const,
  },
  /** The seller's own listings (/my/selling). */
  myListings: {
    all: myListingsRoot,
    list: [...myListingsRoot, "list"] as const,
  },
  /** The bidder's own bids: /my/bids pages and the profile's latest. */
  myBids: {
    all: myBidsRoot,
    list: (page: number) => [...myBidsRoot, "list", page] as const,
    profile: [...myBidsRoot, "profile"] as const,
  },
  /**
   * The signed-in user's notifications. The unread count has no query of its own: every cached
   * list page carries it, and the bell reads it from `latest`.
   */
  notifications: {
    all: notificationsRoot,
    /** Every cached list of notifications (the bell's and the page's). */
    lists: notificationLists,
    latest: [...notificationLists, "latest"] as const,
    /** /notifications, loaded a page at a time (an infinite query). */
    list: [...notificationLists, "page"] as const,
    preferences: [...notificationsRoot, "preferences"] as const,
  },
  /**
   * The signed-in user's conversations. The header's unread badge has a light query of its own
   * (`unread`); every cached list page also carries the count, and live events set both.
   */
  messages: {
    all: messagesRoot,
    /** Every cached conversation list (each folder and search is an infinite query). */
    lists: conversationLists,
    list: (query: { folder: string; search: string }) => [...conversationLists, query] as const,
    /** The header's unread badge (a number). */
    unread: [...messagesRoot, "unread"] as const,
    /** Everything about one conversation: its header and its messages. */
    item: conversationItem,
    detail: (id: string) => [...conversationItem(id), "detail"] as const,
    /** Its messages, newest page first (an infinite query paging back in time). */
    thread: (id: string) => [...conversationItem(id), "messages"] as const,
    /** Who /messages/new?recipient= writes to (their public store header). */
    recipient: (userId: string) => [...messagesRoot, "recipient", userId] as const,
  },
  /** Sellers' store headers. */
  store: {
    all: storeRoot,
    detail: (userId: string) => [...storeRoot, userId] as const,
  },
  /** Feedback a user has received (the store page's list), by who wrote it and page. */
  feedback: {
    all: ["feedback"] as const,
    received: (userId: string, from: string, page: number) =>
      ["feedback", "received", userId, from, page] as const,
    /** A seller's feedback profile: percent positive, counts by window, detailed ratings. */
    profile: (userId: string) => ["feedback", "profile", userId] as const,
  },
  payments: {
    all: paymentsRoot,
    provider: [...paymentsRoot, "provider"] as const,
    sandboxSessions: [...paymentsRoot, "sandbox"] as const,
    sandboxSession: (id: string) => [...paymentsRoot, "sandbox", id] as const,
  },
  auth: {
    all: authRoot,
    providers: [...authRoot, "providers"] as const,
    /** A one-time emailed token, posted once (a query so that it is posted only once). */
    confirmEmail: (token: string) => [...authRoot, "confirm-email", token] as const,
  },
  selling: {
    all: sellingRoot,
    /** The listing wizard's own fresh check of the session on entering. */
    verification: [...sellingRoot, "verification"] as const,
    /** One CSV upload of listings: its preview, then its progress. */
    listingUpload: (id: string) => [...sellingRoot, "listing-upload", id] as const,
  },
  devOutbox: {
    all: devOutboxRoot,
    messages: [...devOutboxRoot, "messages"] as const,
  },
  /** The signed-in user's watchlist, saved searches and followed sellers. */
  watching: {
    all: watchingRoot,
    /** Every cached /watchlist/items page. */
    watchlists: watchlistPages,
    watchlist: (query: { filter: string; sort: string; page: number }) =>
      [...watchlistPages, query] as const,
    /** The ids on the watchlist: every heart and the listing page's button. */
    watchedIds: [...watchingRoot, "item-ids"] as const,
    /** The saved searches list and each one's edit form. */
    savedSearches: savedSearchesRoot,
    savedSearchList: [...savedSearchesRoot, "list"] as const,
    savedSearch: (id: string) => [...savedSearchesRoot, "detail", id] as const,
    /** Every cached /watchlist/sellers page. */
    followedSellers: followedPages,
    followedSellerPage: (page: number) => [...followedPages, page] as const,
    /** The ids of followed sellers: every Follow button. */
    followedIds: [...watchingRoot, "seller-ids"] as const,
  },
  /** The signed-in user's personal API tokens (account settings). */
  apiTokens: {
    all: apiTokensRoot,
    list: [...apiTokensRoot, "list"] as const,
  },
  /** The admin area (staff only): every page reads what staff actions change, so one root. */
  admin: {
    all: adminRoot,
    dashboard: [...adminRoot, "dashboard"] as const,
    reports: (query: { status: string; page: number }) => [...adminRoot, "reports", query] as const,
    report: (id: string) => [...adminRoot, "report", id] as const,
    users: (query: { q: string; page: number }) => [...adminRoot, "users", query] as const,
    user: (id: string) => [...adminRoot, "user", id] as const,
    listings: (query: { q: string; moderation: string; page: number }) =>
      [...adminRoot, "listings", query] as const,
    orders: (query: { q: string; page: number }) => [...adminRoot, "orders", query] as const,
    order: (id: string) => [...adminRoot, "order", id] as const,
    audit: (page: number) => [...adminRoot, "audit", page] as const,
    rules: [...adminRoot, "rules"] as const,
    /** The money pages (issue 26): revenue, payouts, holds, negative balances. */
    money: [...adminRoot, "money"] as const,
    revenue: (query: { from?: string; to?: string; by: string }) =>
      [...adminRoot, "money", "revenue", query] as const,
    payouts: (page: number) => [...adminRoot, "money", "payouts", page] as const,
    holds: [...adminRoot, "money", "holds"] as const,
    negative: [...adminRoot, "money", "negative"] as const,
    /** One order's ledger, under the order so a refund refreshes it. */
    orderLedger: (id: string) => [...adminRoot, "order", id, "ledger"] as const,
    /** The floating exchange rates staff keep (issue 29). */
    rates: [...adminRoot, "rates"] as const,
  },
  /** Approximate local prices (issue 29): the rates, and the account's chosen currency. */
  currencies: {
    all: currenciesRoot,
    /** GET /api/currencies: every currency with its rate (public). */
    rates: [...currenciesRoot, "rates"] as const,
    /** GET /api/me/preferences: an account's currency (keyed by the user: sign-outs keep it apart). */
    preference: (userId: string) => [...currenciesRoot, "preference", userId] as const,
  },
} as const;
