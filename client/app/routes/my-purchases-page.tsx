import { useSearchParams } from "react-router";
import { linkedOrderId } from "../../../core/order-links";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Pagination } from "../../components/ui/pagination";
import { Spinner } from "../../components/ui/spinner";
import { OrderCancellation } from "../../features/cancellations/components/order-cancellation";
import {
  PurchaseFeedbackButton,
  PurchaseFeedbackSummary,
} from "../../features/feedback/components/line-feedback";
import { OpenConversationButton } from "../../features/messages/components/open-conversation-button";
import { useMyOrders } from "../../features/purchases/api/get-my-orders";
import { PurchaseList, PurchasesEmpty } from "../../features/purchases/components/purchase-list";
import {
  ShippingLineStatus,
  TrackPackageButton,
} from "../../features/shipping/components/track-package";
import { UnpaidOrderActions } from "../../features/unpaid-orders/components/unpaid-order-actions";

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
            highlightedId={linked}
            itemActions={(item, order) => (
              <div className="flex flex-col gap-2">
                <ShippingLineStatus order={order} item={item} />
                <div className="flex flex-wrap gap-2">
                  <TrackPackageButton order={order} item={item} />
                  <PurchaseFeedbackButton order={order} item={item} />
                  <OpenConversationButton seller={item.seller} listingId={item.listingId} />
                </div>
                <PurchaseFeedbackSummary item={item} />
              </div>
            )}
            orderActions={(order) => <UnpaidOrderActions order={order} />}
            orderFooter={(order) => <OrderCancellation order={order} />}
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
