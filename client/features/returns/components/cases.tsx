import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { FormAlert } from "../../../components/ui/form-alert";
import { Spinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useCase, useCases, useDecideCase } from "../api/cases";
import { RequestCard, requestTitle } from "./request-card";

/** /admin/cases: escalated returns and requests waiting for staff (expedited first), or decided ones. */
export function CasesList() {
  const [status, setStatus] = useState<"open" | "decided">("open");
  const query = useCases(status);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Cases</h1>
      <fieldset className="flex gap-2">
        <legend className="sr-only">Which cases</legend>
        {(["open", "decided"] as const).map((s) => (
          <Button
            key={s}
            size="sm"
            variant={status === s ? "primary" : "outline"}
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {s === "open" ? "Waiting for a decision" : "Decided"}
          </Button>
        ))}
      </fieldset>
      {query.isPending ? (
        <Spinner label="Loading cases..." showLabel />
      ) : query.isError ? (
        <ErrorState message="We couldn't load the cases." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No cases here" />
      ) : (
        <ul className="flex flex-col gap-2">
          {query.data.items.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-sand-200 bg-white p-4 text-sm shadow-sm"
            >
              <div className="flex flex-col">
                <Link
                  to={`/admin/cases/${c.id}`}
                  className="font-semibold text-brand-800 underline"
                >
                  {requestTitle(c)}: order #{c.number}
                </Link>
                <span className="text-slate-700">
                  {c.buyer.username} and {c.seller.username}; escalated{" "}
                  {c.escalatedAt ? formatDateTime(c.escalatedAt) : ""}
                </span>
              </div>
              {c.expedited && (
                <span className="rounded-full bg-coral-50 px-2 py-0.5 text-xs font-semibold text-coral-900">
                  Expedited
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /admin/cases/{id}: the case's request, evidence and messages, and staff's decision form. */
export function CaseDetail({ id }: { id: string }) {
  const query = useCase(id);
  const decide = useDecideCase(id);
  const [outcome, setOutcome] = useState<"refund_full" | "refund_partial" | "seller">(
    "refund_full",
  );
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (query.isPending) return <Spinner label="Loading the case..." showLabel />;
  if (query.isError)
    return (
      <ErrorState message="We couldn't load this case." onRetry={() => void query.refetch()} />
    );
  const { request: r, messages, paidCents, refundedCents } = query.data;
  const outcomes = [
    { value: "refund_full", label: `Refund the buyer in full (${formatMoney(r.refundableCents)})` },
    { value: "refund_partial", label: "Refund the buyer in part" },
    { value: "seller", label: "Close in the seller's favour" },
  ] as const;

  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/cases" className="text-sm font-semibold text-brand-800 underline">
        Back to cases
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Case: order #{r.number}</h1>
      <p className="text-sm text-slate-800">
        Paid {formatMoney(paidCents)}; refunded so far {formatMoney(refundedCents)}.{" "}
        <Link to={`/admin/orders/${r.orderId}`} className="font-semibold text-brand-800 underline">
          Order and its timeline
        </Link>
      </p>
      <RequestCard r={r} viewer="staff" />
      <section aria-labelledby="case-messages" className="flex flex-col gap-2">
        <h2 id="case-messages" className="text-lg font-bold text-slate-900">
          Messages between {r.buyer.username} and {r.seller.username}
        </h2>
        {messages.length === 0 ? (
          <p className="text-sm text-slate-700">They have not messaged each other.</p>
        ) : (
          <ol className="flex flex-col gap-2 text-sm">
            {messages.map((m) => (
              <li
                key={`${m.createdAt}-${m.senderId}`}
                className="rounded-lg bg-white p-3 shadow-sm"
              >
                <span className="font-semibold">{m.sender}</span>{" "}
                <span className="text-xs text-slate-700">{formatDateTime(m.createdAt)}</span>
                <p className="whitespace-pre-line">{m.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      {r.status === "escalated" ? (
        <form
          aria-label="Decision"
          noValidate
          className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-4 shadow-sm"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            decide.mutate(
              {
                outcome,
                reason: reason.trim(),
                amountCents:
                  outcome === "refund_partial" ? Math.round(Number(amount) * 100) : undefined,
              },
              {
                onSuccess: () => toast.success("Decision sent to both sides."),
                onError: (failure) =>
                  setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
              },
            );
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="text-lg font-bold text-slate-900">Decision</legend>
            {outcomes.map((o) => (
              <label key={o.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="outcome"
                  value={o.value}
                  checked={outcome === o.value}
                  onChange={() => setOutcome(o.value)}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
          {outcome === "refund_partial" && (
            <TextField
              label="Amount to refund (USD)"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              hint={`At most ${formatMoney(r.refundableCents)}.`}
            />
          )}
          <TextField
            label="Reason both sides will read"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <FormAlert>{error}</FormAlert>
          <Button type="submit" className="self-end" disabled={decide.isPending}>
            {decide.isPending ? "Sending..." : "Send decision"}
          </Button>
        </form>
      ) : (
        <p className="text-sm font-semibold text-slate-900">This case is decided.</p>
      )}
    </div>
  );
}
