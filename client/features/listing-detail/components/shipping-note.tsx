import { MapPin, Package, RotateCcw, Truck } from "lucide-react";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { formatMoney } from "../../../../core/money";

/** The spec's shipping text, with this listing's own origin, shipping cost and return window. */
export function ShippingNote({ listing }: { listing: ListingDetail }) {
  const rows = [
    // Where the item really is: the spec's "United States" does not fit a Caribbean listing.
    { Icon: MapPin, text: `Ships from ${listing.territory.name}` },
    {
      Icon: Truck,
      text:
        listing.shippingCents > 0
          ? `Shipping: ${formatMoney(listing.shippingCents)}`
          : "Free shipping",
    },
    { Icon: Package, text: "Delivery in 3-5 business days" },
    {
      Icon: RotateCcw,
      text: listing.returnPolicyDays > 0 ? `${listing.returnPolicyDays} day returns` : "No returns",
    },
  ];
  if (listing.localPickup) rows.splice(2, 0, { Icon: MapPin, text: "Local pickup available" });

  return (
    <section
      aria-labelledby="shipping-note"
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <h2 id="shipping-note" className="text-lg font-semibold text-slate-900">
        Shipping and returns
      </h2>
      <ul className="flex flex-col gap-2 text-sm text-slate-800">
        {rows.map(({ Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
