import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import type { OrderDetails } from "../../../core/contracts/buying";
import { formatUsd } from "../../../core/money";
import { formatDateTime } from "../../../core/time";
import { NotFoundScreen } from "../../components/not-found-screen";
import { ErrorState } from "../../components/ui/error-state";
import { ItemFact, StatusPill } from "../../components/ui/item-row";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useOrderDetails } from "../../features/orders/api/get-order-details";
import { OrderTimeline } from "../../features/orders/components/order-timeline";
import { PurchaseList } from "../../features/purchases/components/purchase-list";
import { OrderReturns } from "../../features/returns/components/order-returns";
import { SaleRow } from "../../features/sales/components/sales-list";
import { isNotFoundError } from "../../lib/api-client";
import { ORDER_STATUS } from "../../lib/order-status";
import {
  orderPageSaleExtras,
  purchaseItemActions,
  purchaseOrderActions,
  purchaseOrderFooter,
} from "./order-slots";

/** The order's facts above its items: when, where to, and for a seller, who bought it. */
function OrderFacts({ order }: { order: OrderDetails }) {
  const sellerTotal = order.sales.reduce(
    (sum, sale) => sum + sale.unitPriceCents * sale.quantity + sale.shippingCents,
    0,
  );
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-xl border border-sand-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-4">
      <ItemFact term="Order placed">{formatDateTime(order.createdAt)}</ItemFact>
      <ItemFact term="Paid">{order.paidAt ? formatDateTime(order.paidAt) : "Not yet"}</ItemFact>
      {order.viewer === "buyer" && order.purchase ? (
        <ItemFact term="Order total">{formatUsd(order.purchase.totalCents)}</ItemFact>
      ) : (
        <>
          <ItemFact term="Buyer">{order.buyer.username}</ItemFact>
          <ItemFact term="Your items and shipping">{formatUsd(sellerTotal)}</ItemFact>
        </>
      )}
      <ItemFact term="Deliver to">{order.deliverTo?.name ?? "Not given"}</ItemFact>
    </dl>
  );
}

/**
 * /orders/{id} (signed in only): one order for its buyer or one of its sellers: its facts, its
 * items with what each side can do (pay, track, receive, cancel, ship, feedback), and its
 * timeline. Notifications and emails about an order link here.
 */
export function OrderPage() {
  const { id = "" } = useParams();
  const details = useOrderDetails(id);

  if (details.isError && isNotFoundError(details.error, true)) return <NotFoundScreen />;
  const back =
    details.data?.viewer === "seller"
      ? { to: "/my/selling", label: "Back to Selling" }
      : { to: "/my/purchases", label: "Back to Purchase History" };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title={details.data ? `Order #${details.data.number}` : "Order"} />
      <Link
        to={back.to}
        className="inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-700 underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </Link>
      {details.isPending ? (
        <Spinner label="Loading the order..." showLabel />
      ) : details.isError ? (
        <ErrorState message="We couldn't load this order." onRetry={() => void details.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
              Order <span className="font-mono">#{details.data.number}</span>
            </h1>
            <StatusPill className={ORDER_STATUS[details.data.status].className}>
              {ORDER_STATUS[details.data.status].label}
            </StatusPill>
          </div>
          <OrderFacts order={details.data} />
          {details.data.purchase ? (
            <PurchaseList
              label="Items in this order"
              orders={[details.data.purchase]}
              linkToOrder={false}
              itemActions={purchaseItemActions}
              orderActions={purchaseOrderActions}
              orderFooter={purchaseOrderFooter}
            />
          ) : (
            <ul aria-label="Your items in this order" className="flex flex-col gap-3">
              {details.data.sales.map((sale) => (
                <SaleRow
                  key={sale.lineId}
                  sale={sale}
                  extras={orderPageSaleExtras}
                  linkToOrder={false}
                />
              ))}
            </ul>
          )}
          <OrderReturns orderId={details.data.id} viewer={details.data.viewer} />
          <OrderTimeline
            events={details.data.timeline}
            viewer={details.data.viewer}
            buyer={details.data.buyer.username}
          />
        </>
      )}
    </div>
  );
}
