import { OrderCancellation } from "../../features/cancellations/components/order-cancellation";
import {
  PurchaseFeedbackButton,
  PurchaseFeedbackSummary,
  SaleFeedback,
} from "../../features/feedback/components/line-feedback";
import { OpenConversationButton } from "../../features/messages/components/open-conversation-button";
import type { ItemActions, OrderSlot } from "../../features/purchases/components/purchase-list";
import type { SaleExtras } from "../../features/sales/components/sales-list";
import { SaleShipping } from "../../features/shipping/components/mark-shipped";
import {
  ShippingLineStatus,
  TrackPackageButton,
} from "../../features/shipping/components/track-package";
import { UnpaidOrderActions } from "../../features/unpaid-orders/components/unpaid-order-actions";

// What each side can do with an order, composed once from the features that do it, for the
// lists (Purchase History, Selling's "Sold") and the order page alike.

/** Beside each item the buyer bought: its shipping, tracking, feedback and Contact seller. */
export const purchaseItemActions: ItemActions = (item, order) => (
  <div className="flex flex-col gap-2">
    <ShippingLineStatus order={order} item={item} />
    <div className="flex flex-wrap gap-2">
      <TrackPackageButton order={order} item={item} />
      <PurchaseFeedbackButton order={order} item={item} />
      <OpenConversationButton seller={item.seller} listingId={item.listingId} />
    </div>
    <PurchaseFeedbackSummary order={order} item={item} />
  </div>
);

/** Beside an unpaid order: Pay now and Cancel. */
export const purchaseOrderActions: OrderSlot = (order) => <UnpaidOrderActions order={order} />;

/** Under a paid order: asking to cancel, and the cancellation and refund once asked. */
export const purchaseOrderFooter: OrderSlot = (order) => <OrderCancellation order={order} />;

/** Under each sold line: shipping it, and feedback with the buyer. */
export const saleExtras: SaleExtras = (sale) => (
  <>
    <SaleShipping sale={sale} />
    <SaleFeedback sale={sale} />
  </>
);

/** The order page's: the same, and asking the buyer to revise their feedback (decision 0024). */
export const orderPageSaleExtras: SaleExtras = (sale) => (
  <>
    <SaleShipping sale={sale} />
    <SaleFeedback sale={sale} askRevision />
  </>
);
