import { ChevronLeft, ChevronRight, ImageOff } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Sale } from "../../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useMySales } from "../api/get-my-sales";

const STATUS: Record<Sale["status"], { label: string; className: string }> = {
  pending: { label: "Awaiting payment", className: "bg-amber-100 text-amber-900" },
  paid: { label: "Paid", className: "bg-emerald-100 text-emerald-900" },
  cancelled: { label: "Cancelled", className: "bg-slate-200 text-slate-800" },
  expired: { label: "Expired", className: "bg-slate-200 text-slate-800" },
};

function SaleRow({ sale }: { sale: Sale }) {
  const status = STATUS[sale.status];
  const href = `/listing/${sale.listingId}`;
  return (
    <li
      aria-label={`Order #${sale.number}: ${sale.title}`}
      className="flex gap-3 rounded-xl border border-sand-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {sale.imageUrl ? (
          <img
            src={sale.imageUrl}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="size-16 rounded-lg bg-sand-100 object-cover"
          />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-lg bg-sand-100 text-slate-600">
            <ImageOff className="size-5" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 leading-snug font-semibold">
            <Link to={href} className="text-slate-900 hover:text-brand-800 hover:underline">
              {sale.title}
            </Link>
          </h3>
          <span
            className={cn(
              "shrink-0 rounded-full px-3 py-0.5 text-sm font-semibold",
              status.className,
            )}
          >
            {status.label}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
          <div>
            <dt className="text-slate-700">Order</dt>
            <dd className="font-mono font-medium text-slate-900">#{sale.number}</dd>
          </div>
          <div>
            <dt className="text-slate-700">Quantity</dt>
            <dd className="font-medium text-slate-900">{sale.quantity}</dd>
          </div>
          <div>
            <dt className="text-slate-700">Buyer</dt>
            <dd className="truncate font-medium text-slate-900">{sale.buyer.username}</dd>
          </div>
          <div>
            <dt className="text-slate-700">Amount</dt>
            <dd className="font-medium text-slate-900">
              {formatMoney(sale.unitPriceCents * sale.quantity)}
              {sale.shippingCents > 0 && (
                <span className="block text-xs font-normal text-slate-700">
                  + {formatShipping(sale.shippingCents)} shipping
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">Paid</dt>
            <dd className="font-medium text-slate-900">
              {sale.paidAt ? formatDateTime(sale.paidAt) : "—"}
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

/**
 * The "Sold" section of /my/selling: what buyers bought from this seller, newest first. It pages
 * on its own (not through the URL), so it sits beside the page's own listings and their paging.
 */
export function SalesList() {
  const [page, setPage] = useState(1);
  const sales = useMySales(page);
  const last = sales.data ? Math.max(1, Math.ceil(sales.data.total / sales.data.pageSize)) : 1;

  return (
    <section aria-labelledby="sold-heading" className="flex flex-col gap-4">
      <h2 id="sold-heading" className="text-xl font-bold text-slate-900">
        Sold
      </h2>
      {sales.isPending ? (
        <Spinner label="Loading your sales..." showLabel />
      ) : sales.isError ? (
        <ErrorState message="We couldn't load your sales." onRetry={() => void sales.refetch()} />
      ) : sales.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-sand-300 bg-white px-6 py-8 text-center text-slate-700">
          Nothing sold yet. Items buyers pay for will show here.
        </p>
      ) : (
        <>
          <ul aria-label="Sold items" className="flex flex-col gap-3">
            {sales.data.items.map((sale) => (
              <SaleRow key={`${sale.orderId}-${sale.listingId}`} sale={sale} />
            ))}
          </ul>
          {last > 1 && (
            <nav aria-label="Sold items pages" className="flex items-center justify-center gap-3">
              <Button
                variant="ghost"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {page} of {last}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={page >= last}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
