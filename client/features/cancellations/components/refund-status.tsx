import type { Refund } from "../../../../core/contracts/cancellations";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";

/** One refund's state in words, for the buyer ("to your card") or the seller ("to the buyer"). */
export function refundText(refund: Refund, to: "buyer" | "seller"): string {
  const amount = formatMoney(refund.amountCents);
  const whom = to === "buyer" ? "your card" : "the buyer";
  if (refund.status === "succeeded")
    return `Refunded ${amount} to ${whom}${
      refund.settledAt ? ` on ${formatDateTime(refund.settledAt)}` : ""
    }.`;
  if (refund.status === "failed")
    return `The refund of ${amount} could not be sent automatically; our support team will send it.`;
  return `Refund of ${amount} to ${whom} in progress.`;
}
