import type { Order } from "../../core/contracts/buying";

/** How an order's status reads, to its buyer and to its sellers alike. */
export const ORDER_STATUS: Record<Order["status"], { label: string; className: string }> = {
  pending: { label: "Awaiting payment", className: "bg-amber-100 text-amber-900" },
  paid: { label: "Paid", className: "bg-emerald-100 text-emerald-900" },
  cancelled: { label: "Cancelled", className: "bg-slate-200 text-slate-800" },
  expired: { label: "Expired", className: "bg-slate-200 text-slate-800" },
};
