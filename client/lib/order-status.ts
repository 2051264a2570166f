import type { Order } from "../../core/contracts/buying";
import type { Shipment } from "../../core/contracts/shipping";

/** How an order's status reads, to its buyer and to its sellers alike. */
export const ORDER_STATUS: Record<Order["status"], { label: string; className: string }> = {
  pending: { label: "Awaiting payment", className: "bg-amber-100 text-amber-900" },
  paid: { label: "Paid", className: "bg-emerald-100 text-emerald-900" },
  cancelled: { label: "Cancelled", className: "bg-slate-200 text-slate-800" },
  expired: { label: "Expired", className: "bg-slate-200 text-slate-800" },
};

/** How a shipment's state reads, after Paid: the same words to the buyer and the seller. */
export const SHIPMENT_STATUS = {
  shipped: { label: "Shipped", className: "bg-sky-100 text-sky-900" },
  pickup: { label: "Ready for pickup", className: "bg-sky-100 text-sky-900" },
  received: { label: "Received", className: "bg-brand-100 text-brand-900" },
} as const;

/** An order line's status: the order's own until paid, then Shipped / Ready for pickup / Received. */
export function lineStatus(
  orderStatus: Order["status"],
  shipment: Shipment | null,
): { label: string; className: string } {
  if (orderStatus !== "paid" || !shipment) return ORDER_STATUS[orderStatus];
  if (shipment.receivedAt) return SHIPMENT_STATUS.received;
  return SHIPMENT_STATUS[shipment.method];
}
