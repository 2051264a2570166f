import { z } from "zod";
import { MAX_SEARCH_LENGTH } from "../../../core/limits";
import { CONDITION_VALUES, type Condition, normalizeKind } from "../../../core/listing";
import { parseMoneyToCents } from "../../../core/money";

// Advanced search's fields (spec: keywords, category, condition, minPrice, maxPrice, location,
// seller, includeDescription, completedListings, soldListings, and a format) become the
// /listings URL parameters that page (and GET /api/listings) reads:
//   keywords -> search; includeDescription off -> includeDescription=false (titles only);
//   category -> category (a slug of the category tree, top level or sub);
//   condition -> condition, repeated. The spec's conditions new, like-new, good, fair and poor are
//     exactly the values core/listing.ts stores (the wizard's list), so they pass through as they
//     are; only the label of poor differs ("For parts or not working", the wizard's words);
//   minPrice, maxPrice -> minPrice, maxPrice in dollars, as the filter panel writes them;
//   location -> territory (a slug); seller -> seller (a username);
//   format auction / Buy It Now -> kind=auction / kind=fixed_price;
//   accepts offers (ours, issue 27) -> acceptsOffers=true;
//   completed listings -> status=completed (ended or sold); sold listings -> status=sold
//     (sold is the narrower of the two, so it wins when both are ticked).

export const FORMATS = ["", "auction", "fixed_price"] as const;
export type Format = (typeof FORMATS)[number];

export interface AdvancedSearchValues {
  keywords: string;
  includeDescription: boolean;
  category: string;
  conditions: Condition[];
  minPrice: string;
  maxPrice: string;
  location: string;
  seller: string;
  format: Format;
  acceptsOffers: boolean;
  completedListings: boolean;
  soldListings: boolean;
}

export const EMPTY_SEARCH: AdvancedSearchValues = {
  keywords: "",
  includeDescription: true,
  category: "",
  conditions: [],
  minPrice: "",
  maxPrice: "",
  location: "",
  seller: "",
  format: "",
  acceptsOffers: false,
  completedListings: false,
  soldListings: false,
};

export const ADVANCED_SEARCH_MESSAGES = {
  price: "Enter a price of $0.00 or more, like 25 or 19.99.",
  priceOrder: "Min price must not be above max price.",
  keywords: `Keywords must be at most ${MAX_SEARCH_LENGTH} characters.`,
  seller: "A username is at most 100 characters.",
} as const;

const price = z
  .string()
  .trim()
  .refine((value) => value === "" || parseMoneyToCents(value) !== null, {
    message: ADVANCED_SEARCH_MESSAGES.price,
  });

/** The form's checks (prices: minimum 0, step 0.01, as the spec says); the server checks again. */
export const advancedSearchSchema = z
  .object({
    keywords: z.string().trim().max(MAX_SEARCH_LENGTH, ADVANCED_SEARCH_MESSAGES.keywords),
    includeDescription: z.boolean(),
    category: z.string(),
    conditions: z.array(z.enum(CONDITION_VALUES)),
    minPrice: price,
    maxPrice: price,
    location: z.string(),
    seller: z.string().trim().max(100, ADVANCED_SEARCH_MESSAGES.seller),
    format: z.enum(FORMATS),
    acceptsOffers: z.boolean(),
    completedListings: z.boolean(),
    soldListings: z.boolean(),
  })
  .refine(
    (v) => {
      const min = v.minPrice ? parseMoneyToCents(v.minPrice) : null;
      const max = v.maxPrice ? parseMoneyToCents(v.maxPrice) : null;
      return min === null || max === null || min <= max;
    },
    { message: ADVANCED_SEARCH_MESSAGES.priceOrder, path: ["maxPrice"] },
  );

/** The /listings query for the form's values; empty fields are left out. */
export function advancedSearchParams(values: AdvancedSearchValues): URLSearchParams {
  const params = new URLSearchParams();
  const keywords = values.keywords.trim();
  if (keywords) params.set("search", keywords);
  if (keywords && !values.includeDescription) params.set("includeDescription", "false");
  if (values.category) params.set("category", values.category);
  for (const condition of values.conditions) params.append("condition", condition);
  if (values.minPrice.trim()) params.set("minPrice", values.minPrice.trim());
  if (values.maxPrice.trim()) params.set("maxPrice", values.maxPrice.trim());
  if (values.location) params.set("territory", values.location);
  if (values.seller.trim()) params.set("seller", values.seller.trim());
  if (values.format) params.set("kind", values.format);
  if (values.acceptsOffers) params.set("acceptsOffers", "true");
  if (values.soldListings) params.set("status", "sold");
  else if (values.completedListings) params.set("status", "completed");
  return params;
}

/** The form's values from a results URL ("Advanced search" from /listings refines that search). */
export function valuesFromParams(
  params: URLSearchParams,
  fallbackLocation = "",
): AdvancedSearchValues {
  const kind = params.get("kind");
  const status = params.get("status");
  const conditions = params
    .getAll("condition")
    .filter((c): c is Condition => (CONDITION_VALUES as readonly string[]).includes(c));
  return {
    keywords: params.get("search") ?? "",
    includeDescription: params.get("includeDescription") !== "false",
    category: params.get("category") === "all" ? "" : (params.get("category") ?? ""),
    conditions: [...new Set(conditions)],
    minPrice: params.get("minPrice") ?? "",
    maxPrice: params.get("maxPrice") ?? "",
    location: params.get("territory") ?? fallbackLocation,
    seller: params.get("seller") ?? "",
    format: kind ? (normalizeKind(kind) ?? "") : "",
    acceptsOffers: params.get("acceptsOffers") === "true",
    completedListings: status === "completed" || status === "ended" || status === "sold",
    soldListings: status === "sold",
  };
}
