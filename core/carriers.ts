/**
 * Carriers a seller can pick when marking a sale shipped, with the page that tracks a number at
 * each. A link is given only where the carrier's public per-number tracking address is known;
 * the others (most national posts, the regional cargo lines) show the number alone, as an
 * unknown carrier does. Keys are stored in shipments.carrier, so they never change once shipped.
 */
export interface Carrier {
  key: string;
  name: string;
  /** Where in the world it mostly carries: the seller's select groups by it. */
  region: "international" | "caribbean";
  /** The tracking page of one number (already encoded), or null when there is none to link. */
  trackingUrl: ((encodedNumber: string) => string) | null;
}

export const CARRIERS: readonly Carrier[] = [
  {
    key: "dhl_express",
    name: "DHL Express",
    region: "international",
    trackingUrl: (n) =>
      `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  },
  {
    key: "fedex",
    name: "FedEx",
    region: "international",
    trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
  {
    key: "ups",
    name: "UPS",
    region: "international",
    trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
  {
    key: "usps",
    name: "USPS",
    region: "international",
    trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  // Regional cargo lines and national posts: tracked on their own sites by forms, not by a link.
  { key: "amerijet", name: "Amerijet", region: "caribbean", trackingUrl: null },
  { key: "tropical_shipping", name: "Tropical Shipping", region: "caribbean", trackingUrl: null },
  {
    key: "caribbean_airlines_cargo",
    name: "Caribbean Airlines Cargo",
    region: "caribbean",
    trackingUrl: null,
  },
  { key: "jamaica_post", name: "Jamaica Post", region: "caribbean", trackingUrl: null },
  { key: "ttpost", name: "TTPost", region: "caribbean", trackingUrl: null },
  { key: "barbados_post", name: "Barbados Postal Service", region: "caribbean", trackingUrl: null },
  { key: "bahamas_post", name: "Bahamas Post Office", region: "caribbean", trackingUrl: null },
];

const byKey = new Map(CARRIERS.map((c) => [c.key, c]));

/** The known carrier of a key, or of a name typed the way the table spells it. */
export function findCarrier(keyOrName: string): Carrier | undefined {
  const wanted = keyOrName.trim().toLowerCase();
  return byKey.get(wanted) ?? CARRIERS.find((c) => c.name.toLowerCase() === wanted);
}

/** The name to show for a stored carrier: a known carrier's name, else what the seller typed. */
export function carrierName(stored: string): string {
  return byKey.get(stored)?.name ?? stored;
}

/** The carrier's page tracking this number, or null for an unknown carrier or one with no page. */
export function trackingUrl(stored: string, trackingNumber: string): string | null {
  const carrier = byKey.get(stored);
  if (!carrier?.trackingUrl) return null;
  return carrier.trackingUrl(encodeURIComponent(trackingNumber));
}
