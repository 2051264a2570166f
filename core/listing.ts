/** Pure listing rules shared by the server and the page. */

export const LISTING_KINDS = ["auction", "fixed_price"] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

/** The spec spells fixed price four ways; DECISIONS.md folds them into one kind. */
const KIND_ALIASES: Record<string, ListingKind> = {
  auction: "auction",
  fixed_price: "fixed_price",
  buy_it_now: "fixed_price",
  buyitnow: "fixed_price",
  fixed: "fixed_price",
};

/** Reads a kind from a URL or form; a missing kind is fixed price (spec rule), an unknown one null. */
export function normalizeKind(value: string | null | undefined): ListingKind | null {
  if (value === undefined || value === null || value === "") return "fixed_price";
  return KIND_ALIASES[value.toLowerCase()] ?? null;
}

export const CONDITIONS = [
  { value: "new", label: "New" },
  { value: "like-new", label: "Like New" },
  { value: "good", label: "Good" },
  { value: "fair", label: "Fair" },
  { value: "poor", label: "For parts or not working" },
] as const;
export type Condition = (typeof CONDITIONS)[number]["value"];
export const CONDITION_VALUES = CONDITIONS.map((c) => c.value) as [Condition, ...Condition[]];

/** The category page's condition groups: "Used" is every condition but new. */
export const CONDITION_FILTERS = ["new", "used", "not_specified"] as const;

export function conditionLabel(value: string | null): string {
  return CONDITIONS.find((c) => c.value === value)?.label ?? "Not Specified";
}

export const LISTING_STATUSES = ["active", "ended", "sold"] as const;

/** Statuses are stored lower case and shown capitalised. */
export function statusLabel(status: string): string {
  if (status === "out_of_stock") return "Out of stock";
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** A card's price: the current bid, else the start price, for auctions; the price otherwise. */
export function displayPriceCents(listing: {
  kind: ListingKind;
  priceCents: number;
  auction?: { currentBidCents: number | null; startPriceCents: number } | null;
}): number {
  if (listing.kind === "auction" && listing.auction) {
    return listing.auction.currentBidCents ?? listing.auction.startPriceCents;
  }
  return listing.priceCents;
}

/** Low stock is above zero and at most this many (spec constant). */
export const LOW_STOCK_MAX = 5;
export function isLowStock(quantity: number): boolean {
  return quantity > 0 && quantity <= LOW_STOCK_MAX;
}

// Here rather than in contracts/browse.ts (which re-exports them): the browsing pages read them
// without downloading the schemas and zod with them.
export const LISTING_SORTS = [
  "newest",
  "price_asc",
  "price_desc",
  "ending_soon",
  "best_match",
  "most_bids",
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/**
 * The order results come in when none is asked for: Best Match when there are words to rank by
 * (issue 30), otherwise newest first (the spec's default, and Best Match without words is newest).
 */
export function defaultSort(search: string | undefined): ListingSort {
  return search?.trim() ? "best_match" : "newest";
}

/** What `status` selects: on sale now (default), over unsold, sold, or over either way. */
export const LISTING_QUERY_STATUSES = ["active", "ended", "sold", "completed"] as const;

/** Above this many matches a results count stops counting and says "at least" instead. */
export const EXACT_TOTAL_LIMIT = 10_000;

/** Cards the listing page shows beside a listing: similar items, more from the seller. */
export const SIMILAR_LISTINGS_SIZE = 8;
/** How many ids GET /api/listings/cards takes (the browser keeps 12 recently viewed). */
export const MAX_CARD_IDS = 24;
export const RECENTLY_VIEWED_SIZE = 12;

/** How many recently sold items a listing page shows, and how far back they go. */
export const RECENTLY_SOLD_SIZE = 8;
export const RECENTLY_SOLD_DAYS = 90;
