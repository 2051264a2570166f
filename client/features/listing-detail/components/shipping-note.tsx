import { CalendarDays, MapPin, Package, RotateCcw, Truck } from "lucide-react";
import type { ListingDetail } from "../../../../core/contracts/browse";
import {
  deliveryWindowText,
  SHIPPING_SERVICE_NAMES,
  WORLD_DESTINATION,
  WORLD_DESTINATION_NAME,
} from "../../../../core/delivery";
import { formatMoney } from "../../../../core/money";
import { SelectField } from "../../../components/ui/select-field";
import type { ListingDeliveryView } from "../hooks/use-listing-delivery";

const CHOOSE = "";

/**
 * The spec's shipping text, judged for the buyer's Deliver to (issue 29): whether it ships there,
 * what it costs, and when it should arrive; until one is chosen, the cost within the item's
 * territory and the handling time.
 */
export function ShippingNote({
  listing,
  delivery,
}: {
  listing: ListingDetail;
  delivery: ListingDeliveryView;
}) {
  const { deliverTo, deliverToName, option, window } = delivery;
  const handling = listing.delivery.handlingDays;
  const rows: { Icon: typeof MapPin; text: string; strong?: boolean }[] = [
    // Where the item really is: the spec's "United States" does not fit a Caribbean listing.
    { Icon: MapPin, text: `Ships from ${listing.territory.name}` },
  ];
  if (deliverTo && deliverToName) {
    if (option) {
      rows.push({
        Icon: Truck,
        text:
          option.costCents > 0
            ? `Shipping to ${deliverToName}: ${formatMoney(option.costCents)}, ${SHIPPING_SERVICE_NAMES[option.service]}`
            : `Free shipping to ${deliverToName}, ${SHIPPING_SERVICE_NAMES[option.service]}`,
      });
      if (window) rows.push({ Icon: CalendarDays, text: deliveryWindowText(window), strong: true });
    } else {
      rows.push({ Icon: Truck, text: `Does not ship to ${deliverToName}`, strong: true });
    }
  } else {
    rows.push({
      Icon: Truck,
      text:
        listing.shippingCents > 0
          ? `Shipping: ${formatMoney(listing.shippingCents)}`
          : "Free shipping",
    });
  }
  rows.push({
    Icon: Package,
    text:
      handling === 0
        ? "Ships the same business day"
        : `Ships within ${handling} business ${handling === 1 ? "day" : "days"} of payment`,
  });
  if (listing.localPickup) rows.push({ Icon: MapPin, text: "Local pickup available" });
  rows.push({
    Icon: RotateCcw,
    text: listing.returnPolicyDays > 0 ? `${listing.returnPolicyDays} day returns` : "No returns",
  });

  return (
    <section
      aria-labelledby="shipping-note"
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <h2 id="shipping-note" className="text-lg font-semibold text-slate-900">
        Shipping and returns
      </h2>
      <SelectField
        label="Deliver to"
        value={deliverTo ?? CHOOSE}
        onChange={(value) => {
          if (value !== CHOOSE) void delivery.choose(value);
        }}
        options={[
          ...(deliverTo ? [] : [{ value: CHOOSE, label: "Choose your territory" }]),
          ...delivery.territories.map((t) => ({ value: t.slug, label: t.name })),
          { value: WORLD_DESTINATION, label: WORLD_DESTINATION_NAME },
        ]}
      />
      <ul className="flex flex-col gap-2 text-sm text-slate-800">
        {rows.map(({ Icon, text, strong }) => (
          <li
            key={text}
            className={
              strong
                ? "flex items-center gap-2 font-semibold text-slate-900"
                : "flex items-center gap-2"
            }
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
