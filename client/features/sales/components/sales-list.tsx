import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { Sale, SaleEarnings as SaleEarningsData } from "../../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { ErrorState } from "../../../components/ui/error-state";
import { ItemFact, ItemHead, ItemRow } from "../../../components/ui/item-row";
import { PagerButtons } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { lineStatus } from "../../../lib/order-status";
import { useMySales } from "../api/get-my-sales";

/**
 * "You earn $X" on a sale, with its fee lines: the seller's part of the order as the ledger holds
 * it (the same numbers as /my/payments). An order of several lines from this seller shows it on
 * each of them: it is the order's, said so.
 */
export function SaleEarnings({ earnings }: { earnings: SaleEarningsData }) {
  const minus = (cents: number) => `−${formatMoney(cents)}`;
  return (
    <div className="rounded-lg bg-sand-50 px-3 py-2 text-sm" data-testid="sale-earnings">
      <p className="font-semibold text-slate-900">
        You earn{" "}
        {earnings.netCents < 0 ? minus(-earnings.netCents) : formatMoney(earnings.netCents)}
        <span className="font-normal text-slate-700"> on this order</span>
      </p>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-slate-700 sm:max-w-sm">
        <dt>Sale (item and shipping)</dt>
        <dd className="text-right tabular-nums">{formatMoney(earnings.saleCents)}</dd>
        <dt>Final value fee</dt>
        <dd className="text-right tabular-nums">{minus(earnings.feeCents)}</dd>
        {earnings.refundedCents > 0 && (
          <>
            <dt>Refunded to the buyer</dt>
            <dd className="text-right tabular-nums">{minus(earnings.refundedCents)}</dd>
          </>
        )}
        {earnings.feeReturnedCents > 0 && (
          <>
            <dt>Fee given back</dt>
            <dd className="text-right tabular-nums">{formatMoney(earnings.feeReturnedCents)}</dd>
          </>
        )}
      </dl>
      <Link
        to="/my/payments?tab=transactions&kind=sale"
        className="text-xs font-semibold text-brand-700 underline"
      >
        See your payments
      </Link>
    </div>
  );
}

/** What the page puts under each sale (shipping it, feedback with the buyer). */
export type SaleExtras = (sale: Sale) => ReactNode;

/** One sold line; `linkToOrder` adds a link to the order's page (not on that page). */
export function SaleRow({
  sale,
  extras,
  highlight,
  linkToOrder = true,
}: {
  sale: Sale;
  extras?: SaleExtras;
  highlight?: { scroll: boolean };
  linkToOrder?: boolean;
}) {
  const href = `/listing/${sale.listingId}`;
  return (
    <ItemRow
      label={`Order #${sale.number}: ${sale.title}`}
      highlight={highlight}
      thumbnail={<Thumbnail src={sale.imageUrl} size="md" href={href} lazy />}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <ItemHead
          href={href}
          title={sale.title}
          level="h3"
          status={lineStatus(sale.status, sale.shipping.shipment)}
        />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
          <ItemFact term="Order" className="font-mono">
            #{sale.number}
          </ItemFact>
          <ItemFact term="Quantity">{sale.quantity}</ItemFact>
          <ItemFact term="Buyer" className="truncate">
            {sale.buyer.username}
          </ItemFact>
          <ItemFact term="Amount">
            {formatMoney(sale.unitPriceCents * sale.quantity)}
            {sale.shippingCents > 0 && (
              <span className="block text-xs font-normal text-slate-700">
                + {formatShipping(sale.shippingCents)} shipping
              </span>
            )}
          </ItemFact>
          <ItemFact term="Paid">{sale.paidAt ? formatDateTime(sale.paidAt) : "—"}</ItemFact>
        </dl>
        {sale.earnings && <SaleEarnings earnings={sale.earnings} />}
        {extras?.(sale)}
        {linkToOrder && (
          <Link
            to={`/orders/${sale.orderId}`}
            className="self-start text-sm font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Order details<span className="sr-only"> for order #{sale.number}</span>
          </Link>
        )}
      </div>
    </ItemRow>
  );
}

/**
 * The "Sold" section of /my/selling: what buyers bought from this seller, newest first. It pages
 * on its own (not through the URL), so it sits beside the page's own listings and their paging.
 * A notification's link to an order (`linkedOrderId`) opens the page that holds its lines, outlined.
 */
export function SalesList({
  extras,
  linkedOrderId,
}: {
  extras?: SaleExtras;
  linkedOrderId?: string;
}) {
  // No page chosen yet: the one that holds the linked order (the server says which), else the first.
  const [chosen, setPage] = useState<number | null>(null);
  const sales = useMySales(chosen ?? 1, chosen === null ? linkedOrderId : undefined);
  const page = sales.data?.page ?? chosen ?? 1;
  const last = sales.data ? Math.max(1, Math.ceil(sales.data.total / sales.data.pageSize)) : 1;
  const firstLinked = sales.data?.items.find((sale) => sale.orderId === linkedOrderId);

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
              <SaleRow
                key={`${sale.orderId}-${sale.listingId}`}
                sale={sale}
                extras={extras}
                highlight={
                  sale.orderId === linkedOrderId ? { scroll: sale === firstLinked } : undefined
                }
              />
            ))}
          </ul>
          <PagerButtons label="Sold items pages" page={page} last={last} onPage={setPage} />
        </>
      )}
    </section>
  );
}
