import { useState } from "react";
import type { Order } from "../../../../core/contracts/buying";
import type { CancellationPart, Refund } from "../../../../core/contracts/cancellations";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { useOrderCancellation } from "../api/cancellations";
import { refundText } from "./refund-status";
import { RequestCancellationDialog } from "./request-cancellation-dialog";

function PartState({ part, several }: { part: CancellationPart; several: boolean }) {
  const request = part.request;
  if (!request) return null;
  const whose = several ? `${part.seller.username}'s items: ` : "";
  if (request.status === "requested")
    return (
      <p>
        {whose}Cancellation requested {formatDateTime(request.createdAt)}. Waiting for{" "}
        {part.seller.username} to answer.
      </p>
    );
  if (request.status === "declined")
    return (
      <p>
        {whose}
        {part.seller.username} declined your cancellation request.
      </p>
    );
  return (
    <p>
      {whose}Cancelled by {part.seller.username}.{" "}
      {part.refund ? refundText(part.refund, "buyer") : null}
    </p>
  );
}

/**
 * A refund of the order rather than of one seller's part: staff's (whole or in part, with their
 * reason), or the whole payment of an order that could not be filled.
 */
function OrderRefund({ refund }: { refund: Refund }) {
  if (refund.cause === "staff") {
    const reason = refund.reason ?? "";
    return (
      <p>
        Tradewinds issued a refund: {reason}
        {/[.!?]$/.test(reason) ? " " : ". "}
        {refundText(refund, "buyer")}
      </p>
    );
  }
  return (
    <p>
      This order could not be filled: the item sold out while you were paying.{" "}
      {refundText(refund, "buyer")}
    </p>
  );
}

/**
 * Purchase History's cancellation block on a paid order: "Request cancellation" for each unshipped
 * seller's part not asked about yet, and the state of requests and refunds.
 */
export function OrderCancellation({ order }: { order: Order }) {
  const relevant =
    order.paidAt !== null && (order.status === "paid" || order.status === "cancelled");
  const query = useOrderCancellation(order.id, relevant);
  const [asking, setAsking] = useState<CancellationPart | null>(null);
  const data = query.data;
  if (!relevant || !data) return null;
  const several = data.parts.length > 1;
  const whole = data.refunds.filter((r) => r.sellerId === null);
  const withState = data.parts.filter((p) => p.request);
  const askable = data.parts.filter((p) => p.canRequest);
  if (whole.length === 0 && withState.length === 0 && askable.length === 0) return null;

  return (
    <section
      aria-label={`Cancellation of order #${order.number}`}
      className="flex flex-col gap-2 border-t border-sand-200 px-4 py-3 text-sm text-slate-800"
    >
      {whole.map((r) => (
        <OrderRefund key={r.id} refund={r} />
      ))}
      {withState.map((p) => (
        <PartState key={p.seller.id} part={p} several={several} />
      ))}
      {askable.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {askable.map((p) => (
            <Button
              key={p.seller.id}
              variant="outline"
              size="sm"
              aria-haspopup="dialog"
              onClick={() => setAsking(p)}
            >
              {several
                ? `Request cancellation of ${p.seller.username}'s items`
                : "Request cancellation"}
            </Button>
          ))}
        </div>
      )}
      {asking && <RequestCancellationDialog part={asking} onClose={() => setAsking(null)} />}
    </section>
  );
}
