import type { Offer } from "../../../../core/contracts/offers";
import { formatUsd } from "../../../../core/money";

export type OfferRole = "buyer" | "seller";

const PILL = {
  open: "bg-amber-100 text-amber-900",
  good: "bg-emerald-100 text-emerald-900",
  over: "bg-slate-200 text-slate-800",
} as const;

/** An offer's status pill, in the words of the side that reads it. */
export function offerStatusPill(
  offer: Offer,
  role: OfferRole,
): { label: string; className: string } {
  switch (offer.status) {
    case "pending":
      return {
        label: role === "seller" ? "Waiting for your answer" : "Waiting for the seller",
        className: PILL.open,
      };
    case "countered":
      return {
        label: role === "buyer" ? "Seller countered" : "Countered: waiting for the buyer",
        className: PILL.open,
      };
    case "accepted":
      return {
        label: offer.orderStatus === "paid" ? "Accepted · Paid" : "Accepted",
        className: PILL.good,
      };
    case "declined":
      return { label: "Declined", className: PILL.over };
    case "expired":
      return { label: "Expired", className: PILL.over };
    case "replaced":
      return {
        label: role === "buyer" ? "You countered" : "Buyer countered",
        className: PILL.over,
      };
  }
}

/** "US $45.00" or "US $45.00 each × 2": what an amount buys (marked: offers travel to lists and notices). */
export function offerAmountText(cents: number, quantity: number): string {
  return quantity > 1 ? `${formatUsd(cents)} each × ${quantity}` : formatUsd(cents);
}

/** The price the offer was agreed at: the seller's counter when the buyer accepted it. */
export function agreedCents(offer: Offer): number {
  return offer.counterCents ?? offer.amountCents;
}

/** An accepted offer whose order still waits for payment: Pay now. */
export function payableOrderId(offer: Offer): string | null {
  return offer.status === "accepted" && offer.orderId && offer.orderStatus === "pending"
    ? offer.orderId
    : null;
}
