import { type ReactNode, useState } from "react";
import type { Sale } from "../../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { ErrorState } from "../../../components/ui/error-state";
import { ItemFact, ItemHead, ItemRow } from "../../../components/ui/item-row";
import { PagerButtons } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { lineStatus } from "../../../lib/order-status";
import { useMySales } from "../api/get-my-sales";

/** What the page puts under each sale (shipping it, feedback with the buyer). */
export type SaleExtras = (sale: Sale) => ReactNode;

function SaleRow({
  sale,
  extras,
  highlight,
}: {
  sale: Sale;
  extras?: SaleExtras;
  highlight?: { scroll: boolean };
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
        {extras?.(sale)}
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
