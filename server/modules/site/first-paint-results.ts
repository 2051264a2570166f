import {
  EXACT_TOTAL_LIMIT,
  type ListingCard,
  type ListingPage,
  listingPageSchema,
  listingQuerySchema,
} from "../../../core/contracts/browse";
import { cardState, RESULT_TEXTS } from "../../../core/listing-result";
import { formatMoney, US_MARK } from "../../../core/money";
import { formatTimeLeft, timeLeft } from "../../../core/time";
import type { Database } from "../../db/client";
import { createOverLimitCache, searchListings } from "../listings/listings.service";
import { withQueryLimits } from "../listings/query-limits";
import { escapeHtml, icon } from "./paint-html";

// /listings' largest paint on a phone is its first card's picture, and it waited for the app's
// scripts, then its data, then the picture (decision 0031 left the cards out). For the bare
// /listings, whose results do not depend on anything in the query, the server now runs the page's
// own first read, writes its answer into the HTML for the app to use instead of asking again
// (client/lib/served-answers.ts), and draws the filter bar and the cards from it, as
// listings-page.tsx, kind-filter.tsx, sold-toggle.tsx, filter-button.tsx, save-search-button.tsx,
// listing-results.tsx, listing-grid.tsx and listing-card.tsx draw them (decision 0035).

/**
 * The read the bare /listings makes first (use-category-filters.ts with nothing in the URL), as
 * the app's api-client writes it: the served answer is found by this address.
 */
export const BARE_LISTINGS_READ = "/api/listings?sort=newest&page=1";

/** One per instance, as the API route keeps its own (which searches count past the exact limit). */
const overLimit = createOverLimitCache();

/**
 * The bare /listings' first page, exactly as GET /api/listings?sort=newest&page=1 answers it (the
 * route's query parsing, statement limits, featured pins and response schema), or null when the
 * read fails: the page is then served as before, the app asking for its results itself.
 */
export async function readFirstResults(
  database: Database,
  timeoutMs: number,
): Promise<ListingPage | null> {
  const query = listingQuerySchema.parse({ sort: "newest", page: "1" });
  const page = await withQueryLimits(database, timeoutMs, undefined, (db) =>
    searchListings(db, query, EXACT_TOTAL_LIMIT, overLimit, undefined, true),
  );
  return listingPageSchema.parse(page);
}

/**
 * The answers written into the page, by the address the app asks for them at: a JSON data block
 * (never run; CSP has nothing to say about it). `<` is written as \u003c so that no text in it can
 * close the element.
 */
export function servedAnswersHtml(answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replace(/</g, "\\u003c");
  return `<script type="application/json" id="served-answers">${json}</script>`;
}

/** How many cards of the picture carry their photo: the first two rows of a phone's grid. */
const PICTURED = 4;

const pluralize = (count: number, word: string) => `${count} ${count === 1 ? word : `${word}s`}`;

/** components/ui/button.tsx's buttonClasses(variant, "sm"). */
const BUTTON_SM =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed h-9 px-3 text-sm";
const ACCENT = "bg-coral-700 text-white";
const DISABLED = "bg-slate-300 text-slate-700";
const OUTLINE = "border border-brand-700 bg-white text-brand-800";

/** watch-heart.tsx, not pressed (a visitor's; a seller's own listings have none once the app is in). */
const HEART = `<div class="absolute top-1 right-1 sm:top-2 sm:right-2"><span class="flex size-11 items-center justify-center rounded-full bg-white/95 text-coral-700 shadow-md ring-1 ring-sand-200">${icon("heart", "size-5")}</span></div>`;

/** The kind switch, Sold items, Filter and Save this search, as a visitor first sees them. */
function filterBar(): string {
  const kind = (label: string, active: boolean) =>
    `<span class="inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors ${active ? "bg-brand-700 text-white [&_span]:text-brand-50" : "text-slate-800"}">${label}</span>`;
  const toggle = "inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-semibold";
  return `<div class="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-3 shadow-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:p-4"><div class="inline-flex max-w-full flex-wrap content-start rounded-lg border border-slate-300 bg-white p-1 max-sm:min-h-[4.625rem]">${kind("All Listings", true)}${kind("Auction", false)}${kind("Buy It Now", false)}</div><div class="flex flex-wrap items-center gap-3"><span class="${toggle} border-slate-400 bg-white text-slate-900">${icon("badgeDollarSign", "size-4")}Sold items</span><span class="${toggle} border-slate-400 bg-white text-slate-800">${icon("slidersHorizontal", "size-4")}Filter</span><span class="inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors ${OUTLINE} h-10 px-4 text-sm">${icon("bookmarkPlus", "size-4")}Save this search</span></div></div>`;
}

/** listing-card.tsx in a grid, as a visitor sees it, with nothing to press. */
function card(listing: ListingCard, index: number, now: Date): string {
  const first = index === 0;
  const auction = listing.kind === "auction" ? listing.auction : null;
  const left = auction ? formatTimeLeft(timeLeft(auction.endsAt, now)) : null;
  const { ended, soldOut, result, priceLabel: label, priceCents: cents } = cardState(listing, left);
  const image = listing.image;
  // listing-image.tsx: the first card's picture at once, the others lazily.
  // Pictures for the first rows only: the others, far below a phone's fold, would only take the
  // line from the app's scripts (a browser fetches lazy pictures well before they scroll into
  // view); the app loads them as the page scrolls.
  const photo =
    image && index >= PICTURED
      ? '<div class="bg-sand-100 aspect-square w-full"></div>'
      : image
        ? `<img src="${escapeHtml(image.thumbUrl || image.url)}" alt="" width="${image.width}" height="${image.height}" ${first ? 'loading="eager" fetchpriority="high"' : 'loading="lazy" decoding="async"'} class="bg-sand-100 object-cover aspect-square w-full">`
        : `<div class="flex flex-col items-center justify-center gap-1 bg-sand-100 text-slate-600 aspect-square w-full">${icon("imageOff", "size-8")}<span class="text-xs">No image</span></div>`;
  const featured = listing.featured
    ? `<span class="absolute top-1 left-1 inline-flex items-center gap-1 rounded-md bg-amber-300 px-1.5 py-0.5 text-xs font-semibold text-slate-900 shadow-sm sm:top-2 sm:left-2">${icon("sparkles", "size-3.5")}Featured</span>`
    : "";
  const subtitle = listing.subtitle
    ? `<p class="line-clamp-1 text-xs text-slate-700 sm:text-sm">${escapeHtml(listing.subtitle)}</p>`
    : "";
  const extra = [
    result?.outcome === "no_sale" && result.reserveNotMet
      ? `<p class="text-xs text-slate-700 sm:text-sm">${RESULT_TEXTS.reserveNotMet}</p>`
      : "",
    !auction && !result && listing.acceptsOffers
      ? '<p class="text-xs text-slate-700 sm:text-sm">or Best Offer</p>'
      : "",
  ].join("");
  const bids = auction
    ? `<div class="flex flex-col text-xs text-slate-700 sm:items-end sm:text-sm"><p class="flex items-center gap-1">${icon("gavel", "size-3.5 sm:size-4")}${pluralize(auction.bidCount, "bid")}</p><p class="flex items-center gap-1 text-xs font-medium sm:text-sm ${ended ? "text-slate-700" : "text-coral-800"}">${icon("clock", "size-3.5 shrink-0 sm:size-4")}${ended ? "Ended" : `${left} left`}</p></div>`
    : "";
  const free = listing.shippingCents === 0;
  const shipping = `<p class="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-700 sm:text-sm">${icon("truck", "size-3.5 shrink-0 sm:size-4")}<span class="${free ? "font-medium text-brand-800" : ""}">${free ? "Free shipping" : `+${formatMoney(listing.shippingCents)} shipping`}</span>${listing.localPickup ? "<span>·</span><span>Local pickup</span>" : ""}</p>`;
  const button = auction
    ? ended
      ? `<span class="${BUTTON_SM} ${DISABLED} flex-1">Auction Ended</span>`
      : `<span class="${BUTTON_SM} ${ACCENT} flex-1">Place Bid</span>`
    : `<span class="${BUTTON_SM} ${soldOut ? DISABLED : ACCENT} flex-1">${soldOut ? "Out of stock" : "Buy It Now"}</span>`;
  return `<li><div class="group flex overflow-hidden rounded-lg border sm:rounded-xl border-sand-200 bg-white shadow-sm transition-shadow h-full flex-col"><div class="relative shrink-0"><span class="block overflow-hidden">${photo}</span>${featured}${HEART}</div><div class="flex flex-1 flex-col gap-1 p-2.5 sm:gap-2 sm:p-4"><p class="line-clamp-2 text-sm leading-snug sm:text-base ${listing.boldTitle ? "font-black" : "font-semibold"}"><span class="text-slate-900">${escapeHtml(listing.title)}</span></p>${subtitle}<p class="hidden text-sm text-slate-700 sm:line-clamp-2">${escapeHtml(listing.description)}</p><p class="hidden items-center gap-1 text-sm text-slate-700 sm:flex">${icon("user", "size-4 shrink-0")}<span class="truncate">${escapeHtml(listing.seller.username || "Unknown")}</span></p><div class="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-0.5 sm:pt-2"><div><p class="text-[0.6875rem] font-medium tracking-wide text-slate-700 uppercase sm:text-xs">${label}</p><p class="text-base font-bold text-slate-900 sm:text-xl">${US_MARK} <span>${formatMoney(cents)}</span></p>${extra}</div>${bids}</div>${shipping}<div class="flex flex-wrap gap-2 pt-1 sm:pt-2">${button}<span class="${BUTTON_SM} ${OUTLINE} flex-1 max-sm:hidden">View Details</span></div></div></div></li>`;
}

/** The address of the page's first card's picture (the pinned cards come first), if it has one. */
export function firstCardPicture(page: ListingPage): string | null {
  const image = (page.pinned?.[0] ?? page.items[0])?.image;
  return image ? image.thumbUrl || image.url : null;
}

/**
 * The filter bar and the results: the count and the cards of the first page. Below `lg` only: on a
 * wide screen the page opens its filter panel beside the results, which needs the facets, so there
 * the results area stays empty until the app draws it (as before).
 */
export function firstResultsHtml(page: ListingPage, now: Date): string {
  const count = page.totalIsLowerBound
    ? `More than ${page.total.toLocaleString("en-US")} items found`
    : `${pluralize(page.total, "item")} found`;
  const pinned = page.pinned ?? [];
  // Counted across both grids: the pinned cards come first on the page.
  const grid = (items: ListingCard[], from: number) =>
    items.length > 0
      ? `<ul class="grid gap-3 sm:gap-5 grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">${items.map((listing, index) => card(listing, from + index, now)).join("")}</ul>`
      : "";
  // listing-results.tsx and pinned-listings.tsx: the pinned cards' grid first, then the page's.
  const pinnedHtml =
    pinned.length > 0
      ? `<div class="mb-5 rounded-xl border border-amber-200 bg-amber-50 p-2 sm:p-4"><p class="mb-2 text-sm font-semibold text-slate-900 sm:mb-3">Featured listings</p>${grid(pinned, 0)}</div>`
      : "";
  return `${filterBar()}<div class="grid gap-6 lg:hidden"><div class="min-w-0"><div data-first-results><p class="mb-4 text-sm font-medium text-slate-700">${count}</p>${pinnedHtml}${grid(page.items, pinned.length)}</div></div></div>`;
}
