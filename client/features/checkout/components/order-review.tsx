import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { OrderTotals as Totals } from "../../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../../core/money";
import { OrderSummary, PayInUsdNote } from "../../../components/ui/order-totals";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { UsdAmount } from "../../../components/ui/usd-price";

export interface ReviewItem {
  listingId: string;
  title: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  /** Null until the order says where it goes (issue 29): the shipping depends on it. */
  shippingCents: number | null;
  /** Why this line cannot be bought, if it cannot. */
  problem?: string | null;
}

/** The order's lines: picture, title, quantity, unit price, shipping. */
export function ReviewItems({ items }: { items: ReviewItem[] }) {
  return (
    <ul aria-label="Items in this order" className="divide-y divide-sand-200">
      {items.map((item) => (
        <li key={item.listingId} className="flex gap-3 py-3 first:pt-0 last:pb-0">
          <Thumbnail src={item.imageUrl} size="md" />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <Link
              to={`/listing/${item.listingId}`}
              className="font-semibold text-slate-900 hover:text-brand-800 hover:underline"
            >
              {item.title}
            </Link>
            <p className="text-sm text-slate-700">
              Qty {item.quantity} × {formatMoney(item.unitPriceCents)} · Shipping{" "}
              {item.shippingCents === null
                ? "for where it goes"
                : formatShipping(item.shippingCents)}
            </p>
            {item.problem && (
              <p className="flex items-start gap-1.5 text-sm font-medium text-coral-800">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {item.problem}
              </p>
            )}
          </div>
          <p className="shrink-0 font-semibold text-slate-900 tabular-nums">
            <UsdAmount cents={item.unitPriceCents * item.quantity} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The order review before the hosted payment page: where it goes, lines, totals and the button
 * that starts the payment. `children` carries notes (why it cannot be paid) and the provider line.
 */
export function OrderReview({
  items,
  totals,
  processing,
  disabled,
  onPay,
  children,
  destination,
}: {
  items: ReviewItem[];
  /** Null while it cannot be priced (no Deliver to yet): dashes. */
  totals: Totals | null;
  processing: boolean;
  disabled: boolean;
  onPay: () => void;
  children?: ReactNode;
  /** Where it goes (issue 29): the Deliver to chooser, or where a placed order ships. */
  destination?: ReactNode;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <section
        aria-labelledby="review-items"
        className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      >
        <h2 id="review-items" className="text-lg font-bold text-slate-900">
          Review your order
        </h2>
        {destination}
        <ReviewItems items={items} />
      </section>
      <OrderSummary
        id="review-summary"
        totals={totals}
        actionLabel="Continue to Payment"
        processing={processing}
        disabled={disabled}
        onAction={onPay}
        notice={<PayInUsdNote />}
      >
        {children}
      </OrderSummary>
    </div>
  );
}

/** Where a placed order ships, when it can no longer be changed here. */
export function ShipsTo({ name }: { name: string }) {
  return (
    <p className="text-sm text-slate-700">
      Shipping to <span className="font-semibold text-slate-900">{name}</span>
    </p>
  );
}
