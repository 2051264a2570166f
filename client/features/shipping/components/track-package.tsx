import { ExternalLink, PackageCheck, Truck } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import type { Order } from "../../../../core/contracts/buying";
import { HANDLING_TIME_BUSINESS_DAYS } from "../../../../core/contracts/shipping";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { StatusPill } from "../../../components/ui/item-row";
import { Modal } from "../../../components/ui/modal";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { lineStatus } from "../../../lib/order-status";
import { useMarkReceived } from "../api/mark-received";

type OrderItem = Order["items"][number];

/** The line's shipping status under its title: Paid, Shipped, Ready for pickup or Received. */
export function ShippingLineStatus({ order, item }: { order: Order; item: OrderItem }) {
  if (order.status !== "paid") return null;
  const status = lineStatus(order.status, item.shipment);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <StatusPill className={status.className}>{status.label}</StatusPill>
      {item.shipment?.receivedAt ? (
        <span>on {formatDateTime(item.shipment.receivedAt)}</span>
      ) : item.shipment ? (
        <span>since {formatDateTime(item.shipment.shippedAt)}</span>
      ) : null}
    </p>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-700">{term}</dt>
      <dd className="font-semibold break-all text-slate-900">{children}</dd>
    </div>
  );
}

function TrackPackageDialog({
  open,
  onClose,
  order,
  item,
}: {
  open: boolean;
  onClose: () => void;
  order: Order;
  item: OrderItem;
}) {
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const received = useMarkReceived();
  const shipment = item.shipment;

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} width="md">
      <div className="flex flex-col gap-4 p-6">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold">
            {shipment?.method === "pickup" ? "Ready for pickup" : "Track package"}
          </h2>
          <p className="text-sm text-slate-700">
            Order <span className="font-mono">#{order.number}</span> from {item.seller.username}
          </p>
        </div>
        {error && (
          <p
            role="alert"
            className="rounded-lg bg-coral-50 px-3 py-2 text-sm font-medium text-coral-800"
          >
            {error}
          </p>
        )}
        {!shipment ? (
          <p className="text-slate-800">
            {item.seller.username} has not shipped this yet. Sellers ship within{" "}
            {HANDLING_TIME_BUSINESS_DAYS} business days of payment; you'll be notified when it's on
            its way.
          </p>
        ) : shipment.method === "pickup" ? (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact term="Ready since">{formatDateTime(shipment.shippedAt)}</Fact>
            {shipment.receivedAt && (
              <Fact term="Received">{formatDateTime(shipment.receivedAt)}</Fact>
            )}
            <p className="text-sm text-slate-700 sm:col-span-2">
              Contact the seller to arrange when and where to collect it.
            </p>
          </dl>
        ) : (
          <>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Fact term="Carrier">{shipment.carrierName}</Fact>
              <Fact term="Tracking number">
                <span className="font-mono">{shipment.trackingNumber}</span>
              </Fact>
              <Fact term="Shipped">{formatDateTime(shipment.shippedAt)}</Fact>
              {shipment.receivedAt && (
                <Fact term="Received">{formatDateTime(shipment.receivedAt)}</Fact>
              )}
            </dl>
            {shipment.trackingUrl ? (
              <a
                href={shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 self-start font-semibold text-brand-800 underline hover:text-brand-900"
              >
                Track on {shipment.carrierName}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <p className="text-sm text-slate-700">
                Track this number on {shipment.carrierName}'s website, or ask the seller.
              </p>
            )}
          </>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={received.isPending}>
            Close
          </Button>
          {shipment && !shipment.receivedAt && (
            <Button
              disabled={received.isPending}
              onClick={() => {
                setError(null);
                received.mutate(order.id, {
                  onSuccess: () => {
                    toast.success("Marked as received. The seller has been told.");
                    onClose();
                  },
                  onError: (failure) =>
                    setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
                });
              }}
            >
              <PackageCheck aria-hidden="true" className="size-4" />
              {received.isPending ? "Saving..." : "Mark as received"}
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}

/**
 * Purchase History's "Track package" on a paid line: carrier, number, shipped date and the
 * carrier's tracking page, or the pickup's state, and Mark as received.
 */
export function TrackPackageButton({ order, item }: { order: Order; item: OrderItem }) {
  const [open, setOpen] = useState(false);
  if (order.status !== "paid") return null;
  return (
    <>
      <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Truck aria-hidden="true" className="size-4" />
        Track package
      </Button>
      {open && (
        <TrackPackageDialog open={open} onClose={() => setOpen(false)} order={order} item={item} />
      )}
    </>
  );
}
