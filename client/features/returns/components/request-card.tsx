import { ExternalLink } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import type { AfterSaleRequest } from "../../../../core/contracts/returns";
import { DISPUTE_FEES_CENTS } from "../../../../core/fees";
import { formatMoney } from "../../../../core/money";
import { RETURN_REASON_LABELS, sellerMayDecline } from "../../../../core/returns";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { type RequestStep, useRequestStep } from "../api/returns";

type Viewer = "buyer" | "seller" | "staff";

/** "Return: Arrived damaged" or "Item not received". */
export function requestTitle(r: AfterSaleRequest): string {
  return r.kind === "return" && r.reason
    ? `Return: ${RETURN_REASON_LABELS[r.reason]}`
    : "Item not received";
}

/** Where the request stands, in the viewer's words. */
export function requestStatusText(r: AfterSaleRequest, viewer: Viewer): string {
  const seller = viewer === "seller" ? "You" : r.seller.username;
  const buyer = viewer === "buyer" ? "You" : r.buyer.username;
  const due = r.dueAt ? formatDateTime(r.dueAt) : "";
  switch (r.status) {
    case "open":
      return viewer === "seller"
        ? `Waiting for your answer, due by ${due}.`
        : `Waiting for ${r.seller.username}'s answer, due by ${due}.`;
    case "accepted":
      return `${seller} accepted the return. Return postage is paid by the ${r.returnShippingPaidBy ?? "buyer"}.`;
    case "shipped_back":
      return viewer === "seller"
        ? `${buyer} sent it back. Confirm when it arrives, by ${due}.`
        : `${buyer} sent it back. ${seller} confirms when it arrives, by ${due}.`;
    case "offered":
      return `${seller} offered a partial refund of ${formatMoney(r.offerCents ?? 0)} instead.`;
    case "declined":
      return `${seller} declined the return.`;
    case "answered":
      return `${seller} answered with tracking that shows delivery.`;
    case "escalated":
      return `Tradewinds is reviewing this case (${r.expedited ? "expedited" : "standard"} review).`;
    case "refunded":
      return r.refund
        ? `Refunded ${formatMoney(r.refund.amountCents)}${r.refund.status === "pending" ? " (on its way)" : ""}.`
        : "Refunded.";
    case "closed":
      return "Closed: Tradewinds decided the case in the seller's favour.";
  }
}

/** A small inline form: its fields, an error line, and its submit button. */
function StepForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  pending,
  error,
  children,
}: {
  label: string;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  pending: boolean;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-sand-200 bg-sand-50 p-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Sending..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function TextArea({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900"
      />
    </div>
  );
}

type Form =
  | "accept"
  | "offer"
  | "decline"
  | "tracking"
  | "ship-back"
  | "escalate"
  | "refund"
  | "received"
  | "expedite"
  | null;

/** What the viewer can do next with the request: one button per step, each opening its form. */
function Actions({ r, viewer }: { r: AfterSaleRequest; viewer: Viewer }) {
  const [form, setForm] = useState<Form>(null);
  const [text, setText] = useState("");
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const step = useRequestStep();
  const open = (f: Form) => {
    setForm(f);
    setError(null);
  };
  const send = (s: RequestStep, done: string) =>
    step.mutate(
      { id: r.id, ...s },
      {
        onSuccess: () => {
          toast.success(done);
          setForm(null);
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
      },
    );
  const common = {
    onCancel: () => setForm(null),
    pending: step.isPending,
    error,
  };
  const trackingFields = (
    <>
      <TextField label="Carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} />
      <TextField
        label="Tracking number"
        value={tracking}
        onChange={(e) => setTracking(e.target.value)}
      />
    </>
  );
  const fee = formatMoney(DISPUTE_FEES_CENTS.expedited);

  if (form === "accept")
    return (
      <StepForm
        label="Accept the return"
        submitLabel="Accept return"
        onSubmit={() =>
          send(
            { step: "answer", body: { action: "accept", returnAddress: text } },
            "Return accepted.",
          )
        }
        {...common}
      >
        <TextArea label="Return address" value={text} onChange={setText} />
      </StepForm>
    );
  if (form === "offer")
    return (
      <StepForm
        label="Offer a partial refund"
        submitLabel="Send offer"
        onSubmit={() =>
          send(
            {
              step: "answer",
              body: { action: "offer", amountCents: Math.round(Number(amount) * 100) },
            },
            "Offer sent.",
          )
        }
        {...common}
      >
        <TextField
          label="Amount to refund (USD)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint={`Less than ${formatMoney(r.refundableCents)}.`}
        />
      </StepForm>
    );
  if (form === "decline")
    return (
      <StepForm
        label="Decline the return"
        submitLabel="Decline return"
        onSubmit={() =>
          send({ step: "answer", body: { action: "decline", note: text } }, "Return declined.")
        }
        {...common}
      >
        <TextArea label="Why you decline" value={text} onChange={setText} />
      </StepForm>
    );
  if (form === "tracking")
    return (
      <StepForm
        label="Answer with tracking"
        submitLabel="Send tracking"
        onSubmit={() =>
          send(
            { step: "answer", body: { action: "tracking", carrier, trackingNumber: tracking } },
            "Tracking sent to the buyer.",
          )
        }
        {...common}
      >
        {trackingFields}
      </StepForm>
    );
  if (form === "ship-back")
    return (
      <StepForm
        label="Send the item back"
        submitLabel="Item sent back"
        onSubmit={() =>
          send(
            { step: "ship-back", body: { carrier, trackingNumber: tracking } },
            "The seller was told the return is on its way.",
          )
        }
        {...common}
      >
        {r.returnAddress && (
          <p className="text-sm text-slate-800">
            Send it to: <span className="whitespace-pre-line font-semibold">{r.returnAddress}</span>
          </p>
        )}
        {trackingFields}
      </StepForm>
    );
  if (form === "escalate")
    return (
      <StepForm
        label="Ask Tradewinds to step in"
        submitLabel="Ask Tradewinds to step in"
        onSubmit={() => send({ step: "escalate", body: {} }, "Tradewinds will review the case.")}
        {...common}
      >
        <p className="text-sm text-slate-800">
          Our staff read the listing, your messages, photos and tracking, and decide. Your review is
          the standard one and has no fee.
        </p>
      </StepForm>
    );
  if (form === "refund" || form === "received" || form === "expedite") {
    const what = {
      refund: {
        label: "Refund in full",
        text: `Refund ${formatMoney(r.refundableCents)} to ${r.buyer.username} now?`,
        step: { step: "answer", body: { action: "refund" } } as RequestStep,
        done: "Refund sent.",
      },
      received: {
        label: "Item received, refund buyer",
        text: `Refund ${formatMoney(r.refundableCents)} to ${r.buyer.username} now that the item is back?`,
        step: { step: "received" } as RequestStep,
        done: "Refund sent.",
      },
      expedite: {
        label: "Ask for an expedited review",
        text: `An expedited review costs ${fee}, taken from your Tradewinds balance whichever way the case is decided; staff start on it within one business day. A standard review has no fee.`,
        step: { step: "expedite" } as RequestStep,
        done: "Expedited review requested.",
      },
    }[form];
    return (
      <StepForm
        label={what.label}
        submitLabel={what.label}
        onSubmit={() => send(what.step, what.done)}
        {...common}
      >
        <p className="text-sm text-slate-800">{what.text}</p>
      </StepForm>
    );
  }

  const buttons: { form: Form; label: string }[] = [];
  if (viewer === "seller") {
    if (r.status === "open" && r.kind === "return") {
      buttons.push({ form: "accept", label: "Accept return" });
      buttons.push({ form: "offer", label: "Offer partial refund" });
      if (r.reason && sellerMayDecline(r.reason))
        buttons.push({ form: "decline", label: "Decline return" });
    }
    if (r.status === "open" && r.kind === "not_received") {
      buttons.push({ form: "tracking", label: "Answer with tracking" });
      buttons.push({ form: "refund", label: "Refund in full" });
    }
    if (r.status === "shipped_back")
      buttons.push({ form: "received", label: "Item received, refund buyer" });
    if (r.status === "escalated" && !r.expedited)
      buttons.push({ form: "expedite", label: `Ask for an expedited review (${fee})` });
  }
  if (viewer === "buyer") {
    if (r.status === "accepted") buttons.push({ form: "ship-back", label: "Send the item back" });
    if (r.canEscalate) buttons.push({ form: "escalate", label: "Ask Tradewinds to step in" });
  }
  const acceptOffer = viewer === "buyer" && r.status === "offered";
  if (buttons.length === 0 && !acceptOffer) return null;
  return (
    <div className="flex flex-col gap-2">
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap gap-2">
        {acceptOffer && (
          <Button
            size="sm"
            disabled={step.isPending}
            onClick={() =>
              send({ step: "accept-offer" }, `${formatMoney(r.offerCents ?? 0)} is on its way.`)
            }
          >
            Accept {formatMoney(r.offerCents ?? 0)}
          </Button>
        )}
        {buttons.map((b) => (
          <Button key={b.label} size="sm" variant="outline" onClick={() => open(b.form)}>
            {b.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** One return or request: what was asked, where it stands, the evidence, and the next step. */
export function RequestCard({ r, viewer }: { r: AfterSaleRequest; viewer: Viewer }) {
  return (
    <article
      aria-label={`${requestTitle(r)}, order #${r.number}`}
      className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-white p-4 text-sm text-slate-800 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-bold text-slate-900">{requestTitle(r)}</h3>
        <span className="text-xs text-slate-700">Opened {formatDateTime(r.createdAt)}</span>
      </div>
      <p className="font-medium text-slate-900">{requestStatusText(r, viewer)}</p>
      <p>
        <span className="font-semibold">
          {viewer === "buyer" ? "You said" : `${r.buyer.username} said`}:
        </span>{" "}
        “{r.details}”
      </p>
      {r.photos.length > 0 && (
        <ul aria-label="Photos" className="flex flex-wrap gap-2">
          {r.photos.map((p, i) => (
            <li key={p.url}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img
                  src={p.thumbUrl}
                  alt={`Evidence ${i + 1} from ${r.buyer.username}`}
                  className="size-16 rounded-md object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.returnAddress && r.status !== "open" && (
        <p>
          <span className="font-semibold">Return address:</span>{" "}
          <span className="whitespace-pre-line">{r.returnAddress}</span>
        </p>
      )}
      {r.answerNote && (
        <p>
          <span className="font-semibold">
            {viewer === "seller" ? "You said" : `${r.seller.username} said`}:
          </span>{" "}
          “{r.answerNote}”
        </p>
      )}
      {r.trackingNumber && (
        <p>
          <span className="font-semibold">Tracking:</span> {r.carrierName} {r.trackingNumber}
          {r.trackingUrl && (
            <>
              {" "}
              <a
                href={r.trackingUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-brand-800 underline"
              >
                Track
                <ExternalLink aria-hidden="true" className="size-3" />
              </a>
            </>
          )}
        </p>
      )}
      {r.decisionReason && (
        <p>
          <span className="font-semibold">Tradewinds' reason:</span> “{r.decisionReason}”
        </p>
      )}
      {viewer !== "staff" && <Actions r={r} viewer={viewer} />}
    </article>
  );
}
