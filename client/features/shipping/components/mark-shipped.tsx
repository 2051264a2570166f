import { AlertTriangle, ExternalLink, PackageOpen, Truck } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { CARRIERS } from "../../../../core/carriers";
import type { Sale } from "../../../../core/contracts/buying";
import {
  HANDLING_TIME_BUSINESS_DAYS,
  MAX_CARRIER_LENGTH,
  MAX_TRACKING_NUMBER_LENGTH,
  type ShipRequest,
} from "../../../../core/contracts/shipping";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { FormActions } from "../../../components/ui/form-actions";
import { Modal } from "../../../components/ui/modal";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useShipOrder } from "../api/ship-order";

const OTHER = "other";
const REGIONS = [
  { id: "international", label: "International" },
  { id: "caribbean", label: "Caribbean" },
] as const;

type Errors = { carrier?: string; otherCarrier?: string; trackingNumber?: string; form?: string };

function MarkShippedDialog({
  open,
  onClose,
  sale,
}: {
  open: boolean;
  onClose: () => void;
  sale: Sale;
}) {
  const titleId = useId();
  const carrierId = useId();
  const [method, setMethod] = useState<"shipped" | "pickup">("shipped");
  const [carrier, setCarrier] = useState("");
  const [otherCarrier, setOtherCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const ship = useShipOrder();
  const pickup = method === "pickup";

  const submit = () => {
    let input: ShipRequest;
    if (pickup) input = { localPickup: true };
    else {
      const found: Errors = {};
      if (!carrier) found.carrier = "Choose the carrier.";
      else if (carrier === OTHER && otherCarrier.trim().length < 2)
        found.otherCarrier = "Enter the carrier's name.";
      if (!trackingNumber.trim()) found.trackingNumber = "Enter the tracking number.";
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      input = {
        carrier: carrier === OTHER ? otherCarrier.trim() : carrier,
        trackingNumber: trackingNumber.trim(),
      };
    }
    ship.mutate(
      { orderId: sale.orderId, input },
      {
        onSuccess: () => {
          toast.success(
            pickup
              ? "Marked ready for pickup. The buyer has been told."
              : "Marked as shipped. The buyer has been told.",
          );
          onClose();
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError)) return setErrors({ form: UNEXPECTED_MESSAGE });
          const fields = failure.fields ?? {};
          setErrors({
            carrier: carrier === OTHER ? undefined : fields.carrier,
            otherCarrier: carrier === OTHER ? fields.carrier : undefined,
            trackingNumber: fields.trackingNumber,
            form: failure.message,
          });
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} width="md">
      <form
        noValidate
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold">
            Mark as shipped
          </h2>
          <p className="text-sm text-slate-700">
            Order <span className="font-mono">#{sale.number}</span> for {sale.buyer.username}:{" "}
            {sale.title}
          </p>
        </div>
        {errors.form && (
          <p
            role="alert"
            className="rounded-lg bg-coral-50 px-3 py-2 text-sm font-medium text-coral-800"
          >
            {errors.form}
          </p>
        )}
        {sale.shipping.localPickup && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">How is it getting to the buyer?</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="method"
                checked={!pickup}
                onChange={() => setMethod("shipped")}
                className="size-4 accent-brand-700"
              />
              Shipped with a carrier
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="method"
                checked={pickup}
                onChange={() => setMethod("pickup")}
                className="size-4 accent-brand-700"
              />
              Ready for pickup
            </label>
          </fieldset>
        )}
        {pickup ? (
          <p className="text-sm text-slate-700">
            The buyer is told it's ready to collect; no carrier or tracking number is needed.
          </p>
        ) : (
          <>
            <div className="flex flex-col gap-1">
              <label htmlFor={carrierId} className="text-sm font-semibold text-slate-900">
                Carrier
              </label>
              <select
                id={carrierId}
                value={carrier}
                aria-invalid={errors.carrier ? true : undefined}
                aria-describedby={errors.carrier ? `${carrierId}-error` : undefined}
                onChange={(event) => {
                  setCarrier(event.target.value);
                  setErrors((e) => ({ ...e, carrier: undefined }));
                }}
                className="h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
              >
                <option value="">Choose a carrier</option>
                {REGIONS.map((region) => (
                  <optgroup key={region.id} label={region.label}>
                    {CARRIERS.filter((c) => c.region === region.id).map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
                <option value={OTHER}>Other</option>
              </select>
              {errors.carrier && (
                <p id={`${carrierId}-error`} className="text-sm font-medium text-coral-800">
                  {errors.carrier}
                </p>
              )}
            </div>
            {carrier === OTHER && (
              <TextField
                label="Carrier name"
                value={otherCarrier}
                maxLength={MAX_CARRIER_LENGTH}
                error={errors.otherCarrier}
                onChange={(event) => setOtherCarrier(event.target.value)}
              />
            )}
            <TextField
              label="Tracking number"
              value={trackingNumber}
              maxLength={MAX_TRACKING_NUMBER_LENGTH}
              autoComplete="off"
              spellCheck={false}
              error={errors.trackingNumber}
              onChange={(event) => setTrackingNumber(event.target.value)}
            />
          </>
        )}
        <FormActions
          onCancel={onClose}
          pending={ship.isPending}
          submitLabel={pickup ? "Mark ready for pickup" : "Mark as shipped"}
          pendingLabel="Saving..."
        />
      </form>
    </Modal>
  );
}

/**
 * A sale's shipping in /my/selling: how it went (carrier, number and tracking link) or, while it
 * may ship, Mark as shipped, with a warning once it is past the handling time.
 */
export function SaleShipping({ sale }: { sale: Sale }) {
  const [open, setOpen] = useState(false);
  const { shipment, canShip, late } = sale.shipping;
  if (shipment) {
    const Icon = shipment.method === "pickup" ? PackageOpen : Truck;
    return (
      <div className="flex items-start gap-2 text-sm text-slate-700">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <p className="min-w-0">
          {shipment.method === "pickup" ? (
            <>Ready for pickup since {formatDateTime(shipment.shippedAt)}</>
          ) : (
            <>
              Shipped {formatDateTime(shipment.shippedAt)} with {shipment.carrierName},{" "}
              <span className="font-mono break-all">{shipment.trackingNumber}</span>
              {shipment.trackingUrl && (
                <>
                  {" "}
                  <a
                    href={shipment.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-semibold text-brand-800 underline hover:text-brand-900"
                  >
                    Track
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">
                      order #{sale.number} on {shipment.carrierName} (opens in a new tab)
                    </span>
                  </a>
                </>
              )}
            </>
          )}
          {shipment.receivedAt && (
            <span className="font-semibold text-slate-900">
              {" "}
              · Received {formatDateTime(shipment.receivedAt)}
            </span>
          )}
        </p>
      </div>
    );
  }
  if (!canShip) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Truck aria-hidden="true" className="size-4" />
        Mark as shipped
      </Button>
      {late && (
        <p className="flex items-center gap-1 text-sm font-medium text-coral-800">
          <AlertTriangle aria-hidden="true" className="size-4" />
          Past the {HANDLING_TIME_BUSINESS_DAYS}-business-day handling time: ship it or contact the
          buyer.
        </p>
      )}
      {open && <MarkShippedDialog open={open} onClose={() => setOpen(false)} sale={sale} />}
    </div>
  );
}
