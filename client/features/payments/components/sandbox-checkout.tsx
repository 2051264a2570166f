import { CheckCircle2, Clock, FlaskConical, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { SandboxSession } from "../../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { buttonClasses } from "../../../components/ui/button";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useCancelSandboxSession } from "../api/cancel-sandbox-session";
import { usePaySandboxSession } from "../api/pay-sandbox-session";
import { SandboxCardForm } from "./sandbox-card-form";

/** The band across the top that says whose page this is and that no real money moves. */
function SandboxBand() {
  return (
    <div className="on-dark flex flex-wrap items-center justify-between gap-2 bg-indigo-950 px-5 py-3 text-white">
      <p className="flex items-center gap-2 font-semibold">
        <FlaskConical aria-hidden="true" className="size-5 text-amber-300" />
        Tradewinds Sandbox Payments — test mode
      </p>
      <span className="rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold tracking-wide text-indigo-950 uppercase">
        Test mode
      </span>
    </div>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl overflow-hidden rounded-2xl border border-indigo-200 bg-white shadow-md">
      <SandboxBand />
      {children}
    </div>
  );
}

/** A session that can no longer take a payment: paid, expired or cancelled. */
function ClosedSession({ session }: { session: SandboxSession }) {
  const content = {
    complete: {
      icon: <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-700" />,
      title: "This payment is complete",
      text: "The order has been paid.",
      link: { to: `/checkout/success?order=${session.orderId}`, label: "View your order" },
    },
    expired: {
      icon: <Clock aria-hidden="true" className="size-10 text-amber-700" />,
      title: "This checkout session has expired",
      text: "Nothing was charged and the items were released. You can check out again from your cart.",
      link: { to: "/cart", label: "Return to cart" },
    },
    cancelled: {
      icon: <XCircle aria-hidden="true" className="size-10 text-slate-600" />,
      title: "This checkout was cancelled",
      text: "Nothing was charged. Your items are still in your cart.",
      link: { to: "/cart", label: "Return to cart" },
    },
    open: null,
  }[session.status === "open" ? "expired" : session.status];
  if (!content) return null;
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      {content.icon}
      <h1 className="text-2xl font-bold text-slate-900">{content.title}</h1>
      <p className="max-w-md text-slate-700">{content.text}</p>
      <Link to={content.link.to} className={buttonClasses("primary", "lg", "mt-2")}>
        {content.link.label}
      </Link>
    </div>
  );
}

/**
 * The built-in provider's hosted checkout page, standing in for Stripe's: what is being paid for,
 * a card form that takes the sandbox's test cards, and a way back without paying.
 */
export function SandboxCheckout({ session }: { session: SandboxSession }) {
  const pay = usePaySandboxSession(session.id);
  const cancel = useCancelSandboxSession(session.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const expired = Date.parse(session.expiresAt) <= Date.now();

  if (session.status !== "open" || expired) {
    return (
      <Frame>
        <ClosedSession session={session} />
      </Frame>
    );
  }

  const leave = (url: string) => {
    setLeaving(true);
    window.location.assign(url);
  };

  const { totals } = session;
  const busy = pay.isPending || cancel.isPending || leaving;

  return (
    <Frame>
      <div className="grid md:grid-cols-2">
        <section
          aria-labelledby="sandbox-order"
          className="flex flex-col gap-4 border-b border-indigo-100 bg-indigo-50/60 p-5 sm:p-6 md:border-r md:border-b-0"
        >
          <div>
            <h1 id="sandbox-order" className="text-sm font-semibold text-slate-700">
              Pay Tradewinds
            </h1>
            <p className="text-3xl font-extrabold text-slate-900 tabular-nums">
              {formatMoney(totals.totalCents)}
            </p>
          </div>
          <ul aria-label="Items" className="flex flex-col gap-2 text-sm">
            {session.items.map((item, index) => (
              <li
                // Items carry no id here; their order in the session is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className="flex justify-between gap-3"
              >
                <span className="min-w-0 text-slate-900">
                  {item.title} <span className="text-slate-700">× {item.quantity}</span>
                </span>
                <span className="shrink-0 font-medium tabular-nums">
                  {formatMoney(item.unitPriceCents * item.quantity)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="flex flex-col gap-1 border-t border-indigo-100 pt-3 text-sm text-slate-800">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{formatMoney(totals.subtotalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd className="tabular-nums">{formatShipping(totals.shippingCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd className="tabular-nums">{formatMoney(totals.taxCents)}</dd>
            </div>
            <div className="flex justify-between pt-1 font-bold text-slate-900">
              <dt>Total due</dt>
              <dd className="tabular-nums">{formatMoney(totals.totalCents)}</dd>
            </div>
          </dl>
          <p className="text-xs text-slate-700">
            This session expires at {formatDateTime(session.expiresAt)}.
          </p>
        </section>

        <section aria-labelledby="sandbox-card" className="flex flex-col gap-4 p-5 sm:p-6">
          <h2 id="sandbox-card" className="text-lg font-bold text-slate-900">
            Pay with card
          </h2>
          <SandboxCardForm
            totalCents={totals.totalCents}
            pending={busy}
            failure={failure}
            onPay={(card) => {
              setFailure(null);
              pay.mutate(card, {
                onSuccess: ({ redirectUrl }) => leave(redirectUrl),
                onError: (error) => {
                  // A decline (402) or a closed session: said next to the button, not in a toast.
                  setFailure(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE);
                },
              });
            }}
          />
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: ({ redirectUrl }) => leave(redirectUrl),
                onError: (error) =>
                  toast.error(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE),
              })
            }
            className="self-center text-sm font-semibold text-slate-700 underline underline-offset-2 hover:text-slate-900 disabled:cursor-not-allowed"
          >
            Cancel and return to Tradewinds
          </button>
        </section>
      </div>
    </Frame>
  );
}
