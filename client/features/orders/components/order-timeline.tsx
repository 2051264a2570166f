import { ExternalLink } from "lucide-react";
import type { OrderDetails, OrderEvent } from "../../../../core/contracts/buying";
import { formatUsd } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { cn } from "../../../lib/cn";

type Viewer = OrderDetails["viewer"];

/** Whose part it is, as the viewer reads it: a seller reads their own part as "You". */
function sellerName(event: OrderEvent, viewer: Viewer): string {
  if (viewer === "seller") return "You";
  return event.seller?.username ?? "The seller";
}

/** One event in words, for the order's buyer or its seller. */
export function eventText(event: OrderEvent, viewer: Viewer, buyer: string): string {
  const seller = sellerName(event, viewer);
  // The same name inside a sentence ("You asked keisha to cancel").
  const named = event.seller?.username ?? "the seller";
  const amount = event.amountCents === null ? "" : formatUsd(event.amountCents);
  switch (event.kind) {
    case "placed":
      return "Order placed";
    case "paid":
      return "Paid";
    case "shipped":
      return event.carrierName
        ? `${seller} shipped it with ${event.carrierName}`
        : `${seller} shipped it`;
    case "ready_for_pickup":
      return `${seller} marked it ready for pickup`;
    case "received":
      return viewer === "buyer" ? "You marked it received" : `${buyer} marked it received`;
    case "late_shipment":
      return viewer === "seller"
        ? "Not shipped within the handling time"
        : `${seller} had not shipped it within the handling time`;
    case "cancellation_requested":
      return viewer === "buyer" ? `You asked ${named} to cancel` : `${buyer} asked to cancel`;
    case "cancellation_accepted":
      return `${seller} accepted the cancellation`;
    case "cancellation_declined":
      return `${seller} declined the cancellation`;
    case "refund_issued":
      return `Refund of ${amount} issued`;
    case "refunded":
      return viewer === "buyer"
        ? `Refunded ${amount} to your card`
        : `Refunded ${amount} to the buyer`;
    case "refund_failed":
      return `The refund of ${amount} could not be sent automatically; our support team will send it`;
    case "feedback_from_buyer":
      return viewer === "buyer"
        ? `You left ${event.rating} feedback for ${named}`
        : `${buyer} left ${event.rating} feedback`;
    case "feedback_from_seller":
      return viewer === "seller"
        ? `You left ${event.rating} feedback for ${buyer}`
        : `${seller} left ${event.rating} feedback for you`;
    case "feedback_revision_requested":
      return viewer === "seller"
        ? `You asked ${buyer} to revise their feedback`
        : `${named} asked you to revise your feedback`;
    case "feedback_revised":
      return viewer === "buyer"
        ? `You revised your feedback for ${named} to ${event.rating}`
        : `${buyer} revised their feedback to ${event.rating}`;
    case "feedback_removed":
      return "Feedback removed by our staff";
    case "cancelled":
      return "Order cancelled";
    case "expired":
      return "Order expired: it was not paid in time";
    case "return_opened":
      return viewer === "buyer" ? `You asked ${named} to return it` : `${buyer} asked to return it`;
    case "not_received_opened":
      return viewer === "buyer"
        ? `You told ${named} it has not arrived`
        : `${buyer} said it has not arrived`;
    case "request_accepted":
      return `${seller} accepted the return`;
    case "request_offered":
      return `${seller} offered a partial refund of ${amount}`;
    case "request_declined":
      return `${seller} declined the return`;
    case "request_tracking":
      return `${seller} answered with tracking that shows delivery`;
    case "return_shipped":
      return viewer === "buyer" ? "You sent the return back" : `${buyer} sent the return back`;
    case "request_escalated":
      return viewer === "buyer"
        ? "You asked Tradewinds to step in"
        : `${buyer} asked Tradewinds to step in`;
    case "case_decided":
      return event.amountCents === null
        ? "Tradewinds decided the case in the seller's favour"
        : `Tradewinds decided the case: ${amount} back to the buyer`;
  }
}

const MILESTONES = new Set<OrderEvent["kind"]>(["paid", "shipped", "received", "refunded"]);

/**
 * What happened to the order, oldest first: payment, each part's shipping and receipt,
 * cancellations, refunds and feedback, with the tracking link where there is one.
 */
export function OrderTimeline({
  events,
  viewer,
  buyer,
}: {
  events: OrderEvent[];
  viewer: Viewer;
  buyer: string;
}) {
  return (
    <section aria-labelledby="timeline-heading" className="flex flex-col gap-3">
      <h2 id="timeline-heading" className="text-xl font-bold text-slate-900">
        Order timeline
      </h2>
      <ol
        aria-labelledby="timeline-heading"
        className="flex flex-col rounded-xl border border-sand-200 bg-white p-4 shadow-sm"
      >
        {events.map((event, i) => (
          <li
            // Events have no id of their own; their place in the list is stable for one answer.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {i < events.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-4 bottom-0 left-[5px] w-0.5 bg-sand-200"
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                "relative mt-1.5 size-3 shrink-0 rounded-full",
                MILESTONES.has(event.kind) ? "bg-brand-600" : "bg-sand-300",
              )}
            />
            <div className="flex min-w-0 flex-col">
              <p className="font-semibold text-slate-900">{eventText(event, viewer, buyer)}</p>
              <p className="text-sm text-slate-700">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </p>
              {event.trackingNumber && (
                <p className="text-sm break-all text-slate-700">
                  Tracking number{" "}
                  {event.trackingUrl ? (
                    <a
                      href={event.trackingUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-mono font-semibold text-brand-700 underline"
                    >
                      {event.trackingNumber}
                      <ExternalLink aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">(opens the carrier's site)</span>
                    </a>
                  ) : (
                    <span className="font-mono font-semibold">{event.trackingNumber}</span>
                  )}
                </p>
              )}
              {event.note && (
                <p className="text-sm text-slate-700">
                  {event.kind === "cancellation_requested" || event.kind === "feedback_removed"
                    ? "Reason: "
                    : ""}
                  “{event.note}”
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
