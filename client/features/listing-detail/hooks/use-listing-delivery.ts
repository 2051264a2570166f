import { useState } from "react";
import type { ListingDetail } from "../../../../core/contracts/browse";
import {
  deliveryWindow,
  optionFor,
  type ShippingOption,
  WORLD_DESTINATION,
  WORLD_DESTINATION_NAME,
} from "../../../../core/delivery";
import { useDeliverTo } from "../../../lib/deliver-to";
import { useDeliveryTerritories } from "../api/get-territories";

export interface ListingDeliveryView {
  /** The buyer's Deliver to (a territory slug or "world"), null until chosen. */
  deliverTo: string | null;
  deliverToName: string | null;
  choose: (value: string) => Promise<void>;
  territories: { slug: string; name: string }[];
  /** The row that serves the buyer; undefined when it does not ship there (or none chosen). */
  option: ShippingOption | undefined;
  /** Chosen, and the seller does not ship there: buying and bidding are off. */
  notShipped: boolean;
  window: { earliest: string; latest: string } | null;
}

/** This listing's shipping, judged for the buyer's Deliver to (core/delivery.ts). */
export function useListingDelivery(listing: ListingDetail): ListingDeliveryView {
  const { deliverTo, choose } = useDeliverTo();
  const territories = useDeliveryTerritories().data ?? [];
  // Judged as the page opened: the window only moves at the daily cut-off hour.
  const [now] = useState(() => Date.now());
  const { delivery } = listing;
  const deliverToName =
    deliverTo === WORLD_DESTINATION
      ? WORLD_DESTINATION_NAME
      : (territories.find((t) => t.slug === deliverTo)?.name ?? null);
  const option = deliverTo
    ? optionFor(delivery.options, delivery.originSlug, deliverTo)
    : undefined;
  return {
    deliverTo,
    deliverToName,
    choose,
    territories,
    option,
    notShipped: Boolean(deliverTo) && !option,
    window:
      deliverTo && option
        ? deliveryWindow(
            new Date(now),
            delivery.handlingDays,
            option.service,
            delivery.originSlug,
            deliverTo,
          )
        : null,
  };
}
