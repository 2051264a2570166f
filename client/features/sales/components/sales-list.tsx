import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import type { Sale } from "../../../../core/contracts/buying";
import { formatMoney, formatShipping } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/error-state";
import { ItemFact, ItemHead, ItemRow } from "../../../components/ui/item-row";
import { Spinner } from "../../../components/ui/spinner";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { SaleFeedback } from "../../feedback/components/line-feedback";
import { SaleShipping, saleStatus } from "../../shipping/components/mark-shipped";
import { useMySales } from "../api/get-my-sales";

function SaleRow({ sale }: { sale: Sale }) {
  const href = `/listing/${sale.listingId}`;
  return (
    <ItemRow
      label={`Order #${sale.number}: ${sale.title}`}
      thumbnail={<Thumbnail src={sale.imageUrl} size="md" href={href} lazy />}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <ItemHead href={href} title={sale.title} level="h3" status={saleStatus(sale)} />
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
        <SaleShipping sale={sale} />
        <SaleFeedback sale={sale} />
      </div>
    </ItemRow>
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
