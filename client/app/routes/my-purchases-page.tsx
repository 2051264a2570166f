import { Link, useSearchParams } from "react-router";
import { linkedOrderId } from "../../../core/order-links";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Pagination } from "../../components/ui/pagination";
import { Spinner } from "../../components/ui/spinner";
import { useMyOrders } from "../../features/purchases/api/get-my-orders";
import { PurchaseList, PurchasesEmpty } from "../../features/purchases/components/purchase-list";
import { purchaseItemActions, purchaseOrderActions, purchaseOrderFooter } from "./order-slots";

/** /my/purchases (signed in only): Purchase History, newest order first, each item with Leave feedback and Contact seller. */
export function MyPurchasesPage() {
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get("page"));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  // A notification's link names an order: open the page that holds it, unless a page was chosen.
  const linked = linkedOrderId(searchParams);
  const orders = useMyOrders(page, searchParams.has("page") ? undefined : linked);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Purchase History" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Purchase History</h1>
        <Link to="/my/returns" className="text-sm font-semibold text-brand-700 underline">
          Returns and requests
        </Link>
      </div>
      {orders.isPending ? (
        <Spinner label="Loading your purchases..." showLabel />
      ) : orders.isError ? (
        <ErrorState
          message="We couldn't load your purchases."
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.items.length === 0 ? (
        <PurchasesEmpty />
      ) : (
        <>
          <PurchaseList
            orders={orders.data.items}
            highlightedId={linked}
            itemActions={purchaseItemActions}
            orderActions={purchaseOrderActions}
            orderFooter={purchaseOrderFooter}
          />
          <Pagination
            page={orders.data.page}
            pageSize={orders.data.pageSize}
            total={orders.data.total}
          />
        </>
      )}
    </div>
  );
}
