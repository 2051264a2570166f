import { useState } from "react";
import { toast } from "sonner";
import type { CancellationPart } from "../../../../core/contracts/cancellations";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ItemFact, StatusPill } from "../../../components/ui/item-row";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useAnswerCancellation, useSellerCancellations } from "../api/cancellations";
import { refundText } from "./refund-status";

const STATE = {
  requested: { label: "Cancellation requested", className: "bg-amber-100 text-amber-900" },
  accepted: { label: "Cancelled", className: "bg-slate-200 text-slate-800" },
  declined: { label: "Declined", className: "bg-slate-200 text-slate-800" },
} as const;

type Answer = { part: CancellationPart; accept: boolean };

function RequestRow({ part, onAnswer }: { part: CancellationPart; onAnswer: (a: Answer) => void }) {
  const request = part.request;
  if (!request) return null;
  const state = STATE[request.status];
  return (
    <li
      aria-label={`Cancellation of order #${part.number}`}
      className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {part.items.map((i) => `${i.quantity} × ${i.title}`).join(", ")}
        </p>
        <StatusPill className={state.className}>{state.label}</StatusPill>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <ItemFact term="Order" className="font-mono">
          #{part.number}
        </ItemFact>
        <ItemFact term="Buyer" className="truncate">
          {part.buyer.username}
        </ItemFact>
        <ItemFact term="Refund">{formatMoney(part.amountCents)}</ItemFact>
        <ItemFact term="Asked">{formatDateTime(request.createdAt)}</ItemFact>
      </dl>
      <p className="text-sm text-slate-800">
        <span className="font-semibold">Reason:</span> {request.reason}
      </p>
      {request.status === "requested" ? (
        <div className="flex flex-wrap items-center gap-2">
          {!part.shipped && (
            <Button size="sm" onClick={() => onAnswer({ part, accept: true })}>
              Accept
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => onAnswer({ part, accept: false })}>
            Decline
          </Button>
          {part.shipped && (
            <p className="text-sm text-slate-700">
              Already shipped: it can no longer be cancelled.
            </p>
          )}
        </div>
      ) : (
        part.refund && <p className="text-sm text-slate-700">{refundText(part.refund, "seller")}</p>
      )}
    </li>
  );
}

/**
 * /my/selling's "Cancellation requests": what buyers asked to cancel, open ones first, each with
 * Accept (stock returns, the buyer is refunded) or Decline, after a confirmation. Hidden when
 * nobody ever asked.
 */
export function CancellationRequests() {
  const requests = useSellerCancellations();
  const answer = useAnswerCancellation();
  const [asked, setAsked] = useState<Answer | null>(null);
  const items = requests.data?.items ?? [];
  if (items.length === 0) return null;
  const open = items.filter((p) => p.request?.status === "requested").length;
  const part = asked?.part;

  return (
    <section aria-labelledby="cancellations-heading" className="flex flex-col gap-4">
      <h2 id="cancellations-heading" className="text-xl font-bold text-slate-900">
        Cancellation requests
        {open > 0 && (
          <span className="ml-2 text-base font-normal text-slate-700">
            ({open} awaiting your answer)
          </span>
        )}
      </h2>
      <ul className="flex flex-col gap-3">
        {items.map((p) => (
          <RequestRow key={`${p.orderId}-${p.seller.id}`} part={p} onAnswer={setAsked} />
        ))}
      </ul>
      <ConfirmDialog
        open={asked !== null}
        title={asked?.accept ? "Accept this cancellation?" : "Decline this cancellation?"}
        confirmLabel={asked?.accept ? "Accept and refund" : "Decline request"}
        pendingLabel={asked?.accept ? "Refunding..." : "Declining..."}
        cancelLabel="Go back"
        pending={answer.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          answer.mutate(
            { orderId: asked.part.orderId, accept: asked.accept },
            {
              onSuccess: () => {
                toast.success(
                  asked.accept
                    ? `Order #${asked.part.number} cancelled; the buyer is being refunded.`
                    : `You declined the cancellation of order #${asked.part.number}.`,
                );
                setAsked(null);
              },
              onError: (failure) => {
                toast.error(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE);
                setAsked(null);
              },
            },
          );
        }}
      >
        {part && asked?.accept ? (
          <p>
            {part.buyer.username} gets {formatMoney(part.amountCents)} back on their card, and the
            items go back on sale. This can't be undone.
          </p>
        ) : (
          part && (
            <p>
              Order #{part.number} stays as it is, and {part.buyer.username} is told.
            </p>
          )
        )}
      </ConfirmDialog>
    </section>
  );
}
