/** Pure bidding rules shared by the bid engine and the bid form. */
import type { AuctionState } from "./contracts/browse";

export interface IncrementBand {
  startCents: number;
  /** Exclusive; null for the open top band. */
  endCents: number | null;
  incrementCents: number;
}

/** The increment of the band `amountCents` falls in; the top band's when above every band. */
export function incrementFor(amountCents: number, bands: readonly IncrementBand[]): number {
  const band = bands.find(
    (b) => amountCents >= b.startCents && (b.endCents === null || amountCents < b.endCents),
  );
  // A table with a gap should not make bidding free: fall back to one cent, the spec's bid step.
  return band?.incrementCents ?? 1;
}

/** The smallest acceptable next bid: the start price with no bids, else current plus its increment. */
export function minNextBidCents(
  auction: { startPriceCents: number; currentBidCents: number | null },
  bands: readonly IncrementBand[],
): number {
  return minNextBidWith(
    auction,
    incrementFor(auction.currentBidCents ?? auction.startPriceCents, bands),
  );
}

/**
 * minNextBidCents given the increment of the current bid's band, for who has looked that one band
 * up (the live event carries it) rather than the whole table. The database's expression of the
 * rule: auction_min_next_bid() (server/modules/auction-rules/auction-rules.sql).
 */
export function minNextBidWith(
  auction: { startPriceCents: number; currentBidCents: number | null },
  incrementCents: number,
): number {
  if (auction.currentBidCents === null) return auction.startPriceCents;
  return auction.currentBidCents + incrementCents;
}

/** What is recorded of an auction, all its state is presented from (see auctionState). */
export interface AuctionFacts {
  startPriceCents: number;
  /** The visible price; null before the first bid. */
  currentBidCents: number | null;
  bidCount: number;
  /** The effective end: soft close moves it. Drivers answer a Date or text. */
  endsAt: Date | string;
  reservePriceCents: number | null;
  /** The Buy It Now price the seller set, if any, whether or not it is still offered. */
  buyItNowPriceCents: number | null;
  leaderId: string | null;
  /**
   * The smallest acceptable next bid, from the increment table where the facts were read: the
   * database's auction_min_next_bid(), place_bid()'s answer, or minNextBidWith and the increment an
   * event carries. It travels with the facts so that presenting them needs no increment table.
   */
  minNextBidCents: number;
  /**
   * The listing's status. Settlement makes an auction ended or sold (with `settled_at`, in one
   * transaction), and so does a Buy It Now purchase: either way it takes no more bids.
   */
  status: "active" | "ended" | "sold";
}

/**
 * Whether an auction takes no more bids: no longer on sale, or at or past its effective end. The
 * database's expressions of the same rule: auction_open() (server/modules/auction-rules/auction-rules.sql)
 * and place_bid() (place-bid.sql beside it, under the auction row's lock).
 */
export function isAuctionEnded(facts: Pick<AuctionFacts, "status" | "endsAt">, now: Date): boolean {
  return facts.status !== "active" || new Date(facts.endsAt).getTime() <= now.getTime();
}

/** True when there is no reserve, or the current price has reached it. */
export function isReserveMet(
  facts: Pick<AuctionFacts, "reservePriceCents" | "currentBidCents">,
): boolean {
  if (facts.reservePriceCents === null) return true;
  return facts.currentBidCents !== null && facts.currentBidCents >= facts.reservePriceCents;
}

/**
 * The auction's state as the API shows it, as of `now`: the one presenter for a listing's page and
 * card, the live channel and a bid's answer. Buy It Now is offered until the first bid or the end.
 */
export function auctionState(facts: AuctionFacts, now: Date): AuctionState {
  const ended = isAuctionEnded(facts, now);
  return {
    startPriceCents: facts.startPriceCents,
    currentBidCents: facts.currentBidCents,
    bidCount: facts.bidCount,
    minNextBidCents: facts.minNextBidCents,
    endsAt: new Date(facts.endsAt).toISOString(),
    ended,
    hasReserve: facts.reservePriceCents !== null,
    // Only a reserve can be met: an auction without one says so with hasReserve, not reserveMet.
    reserveMet: facts.reservePriceCents !== null && isReserveMet(facts),
    buyItNowPriceCents: !ended && facts.bidCount === 0 ? facts.buyItNowPriceCents : null,
    leaderId: facts.leaderId,
  };
}

/** What the engine knows of an auction before a bid. */
export interface AuctionBook {
  startPriceCents: number;
  reservePriceCents: number | null;
  currentBidCents: number | null;
  leaderId: string | null;
  /** The leader's proxy maximum (hidden). */
  leaderMaxCents: number | null;
}

export interface IncomingBid {
  bidderId: string;
  /** The bid typed in; it must reach the minimum next bid. */
  amountCents: number;
  /** An optional higher maximum the system may bid up to. */
  maxAmountCents?: number | null;
}

/** A bid that appears in the visible history, in order. */
export interface VisibleBid {
  bidderId: string;
  amountCents: number;
  maxAmountCents: number | null;
}

export type BidDecision =
  | { ok: false; reason: "too_low"; minimumCents: number }
  | { ok: false; reason: "max_below_amount" }
  | {
      ok: true;
      book: AuctionBook;
      /** Visible bids to record, oldest first (a proxy's automatic bid, then the new price). */
      visible: VisibleBid[];
      /** The leader before this bid, when this bid took the lead from them. */
      outbidId: string | null;
    };

/** The price a leader with `leaderMax` pays against a second maximum, lifted to a met reserve. */
function priceFor(
  book: AuctionBook,
  leaderMax: number,
  secondMax: number | null,
  bands: readonly IncrementBand[],
) {
  let price =
    secondMax === null
      ? book.startPriceCents
      : Math.min(leaderMax, secondMax + incrementFor(secondMax, bands));
  // A reserve the leader's maximum covers is met at once, as auction sites do.
  if (book.reservePriceCents !== null && leaderMax >= book.reservePriceCents) {
    price = Math.max(price, book.reservePriceCents);
  }
  return Math.max(price, book.startPriceCents);
}

/**
 * Proxy bidding, one bid at a time. Everyone's bid is a maximum; the visible price is the
 * second-highest maximum plus one increment, capped at the leader's maximum; an equal maximum loses
 * to the earlier one; a leader raising their own maximum does not move the price.
 */
export function decideBid(
  book: AuctionBook,
  bid: IncomingBid,
  bands: readonly IncrementBand[],
): BidDecision {
  const max = bid.maxAmountCents ?? bid.amountCents;
  if (max < bid.amountCents) return { ok: false, reason: "max_below_amount" };
  const minimumCents = minNextBidCents(book, bands);

  if (book.leaderId === bid.bidderId && book.leaderMaxCents !== null) {
    if (max <= book.leaderMaxCents)
      return { ok: false, reason: "too_low", minimumCents: book.leaderMaxCents + 1 };
    const current = book.currentBidCents ?? book.startPriceCents;
    // Only a reserve the new maximum now covers can move the price.
    const price =
      book.reservePriceCents !== null && max >= book.reservePriceCents
        ? Math.max(current, book.reservePriceCents)
        : current;
    // No visible bid unless the price moved; place_bid() then writes the new maximum onto the
    // leader's latest bid, where My Bids finds it after they are outbid.
    const moved = price !== current;
    return {
      ok: true,
      book: { ...book, leaderMaxCents: max, currentBidCents: price },
      visible: moved ? [{ bidderId: bid.bidderId, amountCents: price, maxAmountCents: max }] : [],
      outbidId: null,
    };
  }

  if (bid.amountCents < minimumCents) return { ok: false, reason: "too_low", minimumCents };

  if (book.leaderId === null || book.leaderMaxCents === null) {
    const price = priceFor(book, max, null, bands);
    return {
      ok: true,
      book: { ...book, leaderId: bid.bidderId, leaderMaxCents: max, currentBidCents: price },
      visible: [{ bidderId: bid.bidderId, amountCents: price, maxAmountCents: max }],
      outbidId: null,
    };
  }

  const previous = { id: book.leaderId, max: book.leaderMaxCents };
  if (max > previous.max) {
    // One visible step: recording the old leader's proxy at its maximum would show a step
    // smaller than the increment, and the new price already tells that story.
    const price = priceFor(book, max, previous.max, bands);
    return {
      ok: true,
      book: { ...book, leaderId: bid.bidderId, leaderMaxCents: max, currentBidCents: price },
      visible: [{ bidderId: bid.bidderId, amountCents: price, maxAmountCents: max }],
      outbidId: previous.id,
    };
  }
  // The leader's proxy answers: the challenger's maximum shows, then the leader's reply above it,
  // or at the same amount on a tie (the earlier maximum wins it): the highest visible bid is
  // always the leader's.
  const price = priceFor(book, previous.max, max, bands);
  return {
    ok: true,
    book: { ...book, currentBidCents: price },
    visible: [
      { bidderId: bid.bidderId, amountCents: max, maxAmountCents: max },
      { bidderId: previous.id, amountCents: price, maxAmountCents: previous.max },
    ],
    outbidId: null,
  };
}

// The bid form's texts, here rather than in contracts/bidding.ts (which re-exports them) so the
// listing page can show them without downloading the schemas and zod with them.
export const BID_MESSAGES = {
  tooLow: "Please enter a valid bid amount higher than the current bid.",
  invalid: "Please enter a valid bid amount",
  notAuction: "This item is not available for auction.",
  ended: "The auction for this item has ended.",
  ownListing: "You cannot bid on your own listing.",
  maxBelowAmount: "Your maximum bid must be at least your bid.",
  alreadyLeading: "You are already the highest bidder with a higher maximum.",
  beingBought:
    "Someone is buying this item with Buy It Now right now. Please try again in a few minutes.",
} as const;
