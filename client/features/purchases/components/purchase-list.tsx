import { ShoppingBag } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import type { Order } from "../../../../core/contracts/buying";
import { formatMoney, formatUsd } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { buttonClasses } from "../../../components/ui/button";
import { ItemFact, StatusPill } from "../../../components/ui/item-row";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { ORDER_STATUS } from "../../../lib/order-status";
import { useScrollIntoView } from "../../../lib/use-scroll-into-view";

type OrderItem = Order["items"][number];
/** What the page puts beside each item (messages' Contact seller). */
export type ItemActions = (item: OrderItem, order: Order) => ReactNode;
/** What the page puts beside and under a whole order (paying or cancelling it). */
export type OrderSlot = (order: Order) => ReactNode;

interface Slots {
  /** A link to the order's own page in its header (false on that page). */
  linkToOrder?: boolean;
  itemActions?: ItemActions;
  /** Beside the items: unpaid orders' Pay now and Cancel. */
  orderActions?: OrderSlot;
  /** Under the order: a cancellation and its refund. */
  orderFooter?: OrderSlot;
}

function OrderCard({
  order,
  highlighted,
  linkToOrder = true,
  itemActions,
  orderActions,
  orderFooter,
}: { order: Order; highlighted: boolean } & Slots) {
  const status = ORDER_STATUS[order.status];
  const ref = useRef<HTMLLIElement>(null);
  useScrollIntoView(ref, highlighted);
  return (
    <li
      ref={ref}
      aria-label={`Order #${order.number}`}
      aria-current={highlighted ? "true" : undefined}
      tabIndex={highlighted ? -1 : undefined}
      className={cn(
        "scroll-mt-4 overflow-hidden rounded-xl border bg-white shadow-sm",
        highlighted
          ? "border-brand-600 ring-2 ring-brand-600 focus:outline-none"
          : "border-sand-200",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-sand-200 bg-sand-100 px-4 py-3 text-sm">
        <dl className="flex flex-wrap gap-x-6 gap-y-1">
          <ItemFact term="Order placed">{formatDateTime(order.createdAt)}</ItemFact>
          <ItemFact term="Order number" className="font-mono">
            #{order.number}
          </ItemFact>
          <ItemFact term="Total">{formatUsd(order.totalCents)}</ItemFact>
          <ItemFact term="Items">{pluralize(order.itemCount, "item")}</ItemFact>
        </dl>
        <div className="flex items-center gap-3">
          <StatusPill className={status.className}>{status.label}</StatusPill>
          {linkToOrder && (
            <Link
              to={`/orders/${order.id}`}
              className="font-semibold text-brand-700 underline hover:text-brand-800"
            >
              Order details<span className="sr-only"> for order #{order.number}</span>
            </Link>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
        <ul aria-label="Items" className="flex flex-1 flex-col gap-3">
          {order.items.map((item) => (
            <li key={item.listingId} className="flex gap-3">
              <Thumbnail src={item.imageUrl} size="md" href={`/listing/${item.listingId}`} lazy />
              <div className="min-w-0">
                <Link
                  to={`/listing/${item.listingId}`}
                  className="font-semibold text-slate-900 hover:text-brand-800 hover:underline"
                >
                  {item.title}
                </Link>
                <p className="text-sm text-slate-700">
                  Quantity: {item.quantity} · {formatMoney(item.unitPriceCents)} each
                </p>
                <p className="text-sm text-slate-700">Sold by {item.seller.username}</p>
                {itemActions && <div className="mt-2">{itemActions(item, order)}</div>}
              </div>
            </li>
          ))}
        </ul>
        {orderActions?.(order)}
      </div>
      {order.status === "paid" && order.paidAt && (
        <p className="border-t border-sand-200 px-4 py-2 text-sm text-slate-700">
          Paid {formatDateTime(order.paidAt)}
        </p>
      )}
      {orderFooter?.(order)}
    </li>
  );
}

/**
 * The buyer's orders, newest first, each with its items and status; the order a notification's
 * link points at (`highlightedId`) is outlined and scrolled to.
 */
export function PurchaseList({
  orders,
  highlightedId,
  label = "Your orders",
  ...slots
}: { orders: Order[]; highlightedId?: string; label?: string } & Slots) {
  return (
    <ul aria-label={label} className="flex flex-col gap-4">
      {orders.map((order) => (
        <OrderCard
          key={order.id}
          order={order}
          highlighted={order.id === highlightedId}
          {...slots}
        />
      ))}
    </ul>
  );
}

export function PurchasesEmpty() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <ShoppingBag aria-hidden="true" className="size-10 text-brand-600" />
      <p className="text-lg font-semibold text-slate-900">You haven't bought anything yet</p>
      <p className="text-slate-700">Items you buy or win at auction will show here.</p>
      <Link to="/listings" className={buttonClasses("primary", "md", "mt-1")}>
        Start Shopping
      </Link>
    </div>
  );
}
