import type { ListingFieldName } from "../hooks/use-listing-form";

/** The wizard's five steps (spec: marketplace-core, "Create-listing wizard"), in order. */
export const LISTING_STEPS = [
  {
    id: "details",
    name: "Details",
    heading: "Tell us what you're selling",
    fields: ["title", "category", "subcategory", "territory", "condition"],
  },
  { id: "photos", name: "Photos", heading: "Add photos", fields: [] },
  {
    id: "description",
    name: "Description",
    heading: "Describe your item",
    fields: ["description", "specifications"],
  },
  {
    id: "pricing",
    name: "Pricing",
    heading: "Choose how to sell your item",
    fields: [
      "kind",
      "price",
      "quantity",
      "durationDays",
      "reservePrice",
      "buyItNowPrice",
      "acceptsOffers",
      "autoAccept",
      "autoDecline",
    ],
  },
  {
    id: "shipping",
    name: "Shipping",
    heading: "Set up shipping",
    fields: [
      "shipping",
      "returnPolicyDays",
      "localPickup",
      "handlingDays",
      "shipSame",
      "shipSameService",
      "shipCaribbean",
      "shipCaribbeanService",
      "caribbeanCost",
      "shipWorld",
      "shipWorldService",
      "worldCost",
      "upgrades",
      "subtitle",
    ],
  },
] as const satisfies readonly {
  id: string;
  name: string;
  heading: string;
  fields: readonly ListingFieldName[];
}[];

/** The step that holds a form path ("price", "specifications.0.key"); photos for "imageIds". */
export function stepOfPath(path: string): number {
  const root = path.split(".")[0] ?? "";
  if (root === "imageIds") return 1;
  const index = LISTING_STEPS.findIndex((step) =>
    (step.fields as readonly string[]).includes(root),
  );
  return index;
}
