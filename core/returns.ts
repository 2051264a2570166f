import { ATLANTIC_OFFSET_MINUTES, addBusinessDays } from "./business-days";

/**
 * Returns and "item not received" requests (issue 28, decision 0023): the pure rules both sides
 * read: which reasons a listing's return policy allows and for how long, who pays the return
 * postage, when a buyer may say a parcel never came, and when they may ask Tradewinds to step in.
 */

export const REQUEST_KINDS = ["return", "not_received"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const RETURN_REASONS = [
  "not_as_described",
  "damaged",
  "wrong_item",
  "doesnt_fit",
  "changed_mind",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  not_as_described: "Not as described",
  damaged: "Arrived damaged",
  wrong_item: "Wrong item sent",
  doesnt_fit: "Doesn't fit",
  changed_mind: "Changed my mind",
};

/**
 * Where the seller got it wrong: the Money Back Guarantee covers these whatever the listing's
 * return policy says (a listing with "no returns" still has to be what it said it was), the seller
 * pays the postage back and cannot decline. The other reasons are the buyer's own, allowed only
 * when the seller accepts returns.
 */
const SELLER_FAULT: ReadonlySet<ReturnReason> = new Set([
  "not_as_described",
  "damaged",
  "wrong_item",
]);

export const isSellerFault = (reason: ReturnReason) => SELLER_FAULT.has(reason);

/** The guarantee's window for the seller-fault reasons, when the policy's own is shorter. */
export const GUARANTEE_DAYS = 30;
/** Business days the seller has to answer a request (and to confirm a returned parcel). */
export const ANSWER_BUSINESS_DAYS = 3;
/** When an order line has no delivery estimate: a parcel is late this long after shipment. */
export const NOT_RECEIVED_AFTER_BUSINESS_DAYS = 10;

const DAY_MS = 86_400_000;

/** The reasons a buyer may choose under a listing's return policy (days; 0 = no returns). */
export function allowedReturnReasons(returnPolicyDays: number): ReturnReason[] {
  return RETURN_REASONS.filter((r) => isSellerFault(r) || returnPolicyDays > 0);
}

/**
 * The last moment a return for `reason` may be opened, counted from delivery (the buyer's "received"),
 * or null when the policy does not allow the reason at all.
 */
export function returnDeadline(
  reason: ReturnReason,
  returnPolicyDays: number,
  deliveredAt: Date,
): Date | null {
  const days = isSellerFault(reason)
    ? Math.max(GUARANTEE_DAYS, returnPolicyDays)
    : returnPolicyDays;
  if (days <= 0) return null;
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

/** Who pays the postage back: the seller when the item was their fault, the buyer otherwise. */
export function returnShippingPaidBy(reason: ReturnReason): "buyer" | "seller" {
  return isSellerFault(reason) ? "seller" : "buyer";
}

/** Whether the seller may decline a return for this reason (only the buyer's own reasons). */
export const sellerMayDecline = (reason: ReturnReason) => !isSellerFault(reason);

/**
 * When a buyer may say a parcel has not arrived: once the latest estimated delivery date (a
 * calendar date in Atlantic time) is over, or NOT_RECEIVED_AFTER_BUSINESS_DAYS business days
 * after shipment when there is no estimate.
 */
export function notReceivedOpensAt(
  shippedAt: Date,
  latestEstimate: string | null,
  offsetMinutes: number = ATLANTIC_OFFSET_MINUTES,
): Date {
  if (latestEstimate)
    return new Date(Date.parse(`${latestEstimate}T00:00:00Z`) + DAY_MS - offsetMinutes * 60_000);
  return addBusinessDays(shippedAt, NOT_RECEIVED_AFTER_BUSINESS_DAYS, offsetMinutes);
}

/** When the seller's answer is due: ANSWER_BUSINESS_DAYS business days after `from`. */
export const answerDueAt = (from: Date) => addBusinessDays(from, ANSWER_BUSINESS_DAYS);

export const REQUEST_STATUSES = [
  "open", // waiting for the seller's answer
  "accepted", // return accepted: the buyer sends it back
  "shipped_back", // the buyer sent it back: the seller confirms receipt
  "offered", // the seller offered a partial refund instead
  "declined", // the seller declined the return
  "answered", // not received: the seller answered with tracking that shows delivery
  "escalated", // a case: staff decide
  "refunded", // closed with a refund
  "closed", // closed without one
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Statuses that still hold the part: no second request, no seller refund elsewhere. */
export const OPEN_STATUSES: readonly RequestStatus[] = REQUEST_STATUSES.filter(
  (s) => s !== "refunded" && s !== "closed",
);

/**
 * Whether the buyer may ask Tradewinds to step in: the seller said no, offered less, or answered a
 * missing parcel with tracking; or the seller's answer (or receipt of the return) is overdue.
 */
export function mayEscalate(
  request: { status: RequestStatus; dueAt: Date | null },
  now: Date,
): boolean {
  if (request.status === "declined" || request.status === "offered") return true;
  if (request.status === "answered") return true;
  if (request.status === "open" || request.status === "shipped_back")
    return request.dueAt !== null && now.getTime() >= request.dueAt.getTime();
  return false;
}
