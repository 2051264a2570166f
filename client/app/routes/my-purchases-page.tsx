import { useSearchParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Pagination } from "../../components/ui/pagination";
import { Spinner } from "../../components/ui/spinner";
import { ContactSellerButton } from "../../features/messages/components/contact-seller";
import { useMyOrders } from "../../features/purchases/api/get-my-orders";
import { PurchaseList, PurchasesEmpty } from "../../features/purchases/components/purchase-list";

/** /my/purchases (signed in only): Purchase History, newest order first, each item with Contact seller. */
export function MyPurchasesPage() {
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get("page"));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const orders = useMyOrders(page);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Purchase History" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Purchase History</h1>
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
            itemActions={(item) => (
              <ContactSellerButton
                seller={item.seller}
                listing={{ id: item.listingId, title: item.title }}
                size="sm"
              />
            )}
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
