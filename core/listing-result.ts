import type { ListingCard } from "./contracts/browse";

/**
 * How a listing that is over ended (issue 30), as its page, cards and rows say it: sold, with the
 * price and date, or no sale. An auction past its end that settlement has not recorded yet has no
 * result (null) until it does, so a page never says "no sale" a second before a winner is named.
 */
export type ListingResult =
  | {
      outcome: "sold";
      priceCents: number;
      /** When it sold; null for a sale recorded before sale dates were kept. */
      at: string | null;
      /** An auction won by a bid (not bought outright through Buy It Now). */
      winningBid: boolean;
    }
  | {
      outcome: "no_sale";
      /** Said only where the auction had a reserve and bids that did not reach it. */
      reserveNotMet: boolean;
      /** When it ended (an auction's end), null when the listing does not say. */
      at: string | null;
    };

export const RESULT_TEXTS = {
  soldFor: "Sold for",
  noSale: "Ended: no sale",
  reserveNotMet: "Reserve not met",
} as const;

type ResultInput = Pick<
  ListingCard,
  "kind" | "status" | "auction" | "displayPriceCents" | "soldPriceCents" | "soldAt"
>;

/** The listing's result, or null while it is on sale (or its auction's end is not settled). */
export function listingResult(listing: ResultInput): ListingResult | null {
  const auction = listing.kind === "auction" ? listing.auction : null;
  if (listing.status === "sold") {
    return {
      outcome: "sold",
      priceCents: listing.soldPriceCents ?? listing.displayPriceCents,
      at: listing.soldAt ?? auction?.endsAt ?? null,
      winningBid: auction !== null && auction.currentBidCents !== null,
    };
  }
  // The API reads an auction past its end as "ended" before settlement: only a stored end counts,
  // and that one is told apart by `ended` with no leader able to win.
  if (listing.status === "ended") {
    if (auction && !auctionSettledUnsold(auction)) return null;
    return {
      outcome: "no_sale",
      reserveNotMet: auction?.hasReserve === true && !auction.reserveMet && auction.bidCount > 0,
      at: auction?.endsAt ?? null,
    };
  }
  return null;
}

/**
 * An ended auction that cannot sell any more: no bids, or its reserve not met. One with a leader
 * at or over the reserve is selling (settlement names the winner) or was ended by a moderator.
 */
function auctionSettledUnsold(auction: NonNullable<ListingCard["auction"]>): boolean {
  if (auction.bidCount === 0 || auction.leaderId === null) return true;
  if (auction.hasReserve && !auction.reserveMet) return true;
  // A leader who met the reserve: unsold only if staff ended it (the page says so itself).
  return false;
}

/** The label over a card's or row's price: how it ended, else what the price is. */
export function priceLabel(
  listing: ResultInput,
  result: ListingResult | null,
  words: { currentBid: string; startingBid: string; price: string },
): string {
  if (result?.outcome === "sold") return RESULT_TEXTS.soldFor;
  if (result?.outcome === "no_sale") return RESULT_TEXTS.noSale;
  const auction = listing.kind === "auction" ? listing.auction : null;
  if (!auction) return words.price;
  // An auction that is over but not yet settled has no current bid: its last one is the highest.
  if (auction.ended || listing.status !== "active")
    return auction.currentBidCents !== null ? "Highest bid" : words.startingBid;
  return auction.currentBidCents !== null ? words.currentBid : words.startingBid;
}

/** What a browse card shows of a listing's state, given its time left as the card reads it. */
export interface CardState {
  ended: boolean;
  soldOut: boolean;
  result: ListingResult | null;
  priceLabel: string;
  /** The amount under the label: the sale price once sold, else the card's display price. */
  priceCents: number;
}

/**
 * The card's state (listing-card.tsx, and the server's drawing of it, first-paint-results.ts): an
 * auction counts as ended once its countdown says so, before settlement writes it.
 */
export function cardState(
  listing: ResultInput & Pick<ListingCard, "quantity">,
  left: string | null,
): CardState {
  const auction = listing.kind === "auction" ? listing.auction : null;
  const ended =
    auction !== null && (auction.ended || listing.status !== "active" || left === "Ended");
  const soldOut =
    listing.kind === "fixed_price" && (listing.quantity <= 0 || listing.status !== "active");
  const result = listingResult({
    ...listing,
    status: ended && listing.status === "active" ? "ended" : listing.status,
  });
  return {
    ended,
    soldOut,
    result,
    priceLabel: priceLabel(listing, result, {
      currentBid: "Current Bid",
      startingBid: "Starting bid",
      price: "Price",
    }),
    priceCents: result?.outcome === "sold" ? result.priceCents : listing.displayPriceCents,
  };
}
