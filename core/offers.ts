import { formatMoney } from "./money";

/**
 * Best Offer's rules, as eBay's buyers know them (docs/decisions/0016-best-offer.md): a buyer
 * makes at most three offers on one listing, has one waiting at a time, and every offer or counter
 * lapses after 48 hours unanswered; an agreed price must be paid within 48 hours.
 */
export const OFFER_RULES = {
  maxOffersPerBuyer: 3,
  answerHours: 48,
  payHours: 48,
  messageMax: 500,
} as const;

/**
 * Where an offer stands. `pending` waits for the seller, `countered` for the buyer; the rest are
 * over. `replaced` is a seller's counter the buyer answered with an offer of their own.
 */
export const OFFER_STATUSES = [
  "pending",
  "countered",
  "accepted",
  "declined",
  "expired",
  "replaced",
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Waiting for an answer: counts as the buyer's one open offer on the listing. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ["pending", "countered"];

export const OFFER_MESSAGES = {
  notOffered: "This listing doesn't accept offers.",
  ownListing: "You can't make an offer on your own listing.",
  ended: "This listing has ended, so it can't take offers.",
  soldOut: "This item is sold out.",
  reserved: "The last one is being bought right now, so it can't be agreed. Try again shortly.",
  tooMany: `You've made ${OFFER_RULES.maxOffersPerBuyer} offers on this item, the most allowed.`,
  oneOpen: "You already have an offer waiting for an answer on this item.",
  stale: "This offer has already been answered or has expired.",
  invalidAmount: "Enter an offer amount",
  /** A counter must lie between the buyer's offer and the price the seller asks. */
  counterRange: (offerCents: number, priceCents: number) =>
    `Your counteroffer must be above the buyer's ${formatMoney(offerCents)} and below your Buy It Now price of ${formatMoney(priceCents)}.`,
  belowPrice: (priceCents: number) =>
    `Your offer must be below the Buy It Now price of ${formatMoney(priceCents)}. To pay that, use Buy It Now.`,
  quantity: (available: number) =>
    available === 1 ? "Only 1 is available." : `Choose a quantity from 1 to ${available}.`,
  autoRange: "The automatic decline amount must be below the automatic accept amount",
  autoBelowPrice: "Automatic amounts must be below the Buy It Now price",
  /** What a buyer whose offer was declined because the last unit went reads. */
  soldOutDecline: "The item sold out, so this offer was declined.",
  autoDecline: "The seller declined this offer automatically.",
  offersTurnedOff: "The seller no longer takes offers on this item.",
} as const;

/** An offer's deadline from the moment it was made or countered. */
export function answerDeadline(from: Date): Date {
  return new Date(from.getTime() + OFFER_RULES.answerHours * 3_600_000);
}

/**
 * What an open offer is once the clock has passed its deadline: readers show it expired before
 * the job that records it has run.
 */
export function effectiveOfferStatus(status: OfferStatus, expiresAt: Date, now: Date): OfferStatus {
  return (status === "pending" || status === "countered") && expiresAt <= now ? "expired" : status;
}

/**
 * The seller's automatic answer to an offer of `amountCents`: the accept amount wins where both
 * apply (they cannot overlap once validated; a listing whose price changed below them keeps the
 * order safe).
 */
export function automaticAnswer(
  amountCents: number,
  settings: { autoAcceptCents: number | null; autoDeclineCents: number | null },
): "accept" | "decline" | null {
  if (settings.autoAcceptCents !== null && amountCents >= settings.autoAcceptCents) return "accept";
  if (settings.autoDeclineCents !== null && amountCents < settings.autoDeclineCents)
    return "decline";
  return null;
}
