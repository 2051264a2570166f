import { toNestErrors } from "@hookform/resolvers";
import { useEffect, useRef } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import {
  type CreateListingInput,
  createListingSchema,
  type EditableListing,
} from "../../../../core/contracts/selling";
import {
  DEFAULT_HANDLING_DAYS,
  type DestGroup,
  type ShippingOption,
  type ShippingService,
} from "../../../../core/delivery";
import type { UpgradeId } from "../../../../core/fees";
import { DEFAULT_AUCTION_DAYS } from "../../../../core/limits";
import type { ListingKind } from "../../../../core/listing";
import { parseMoneyToCents } from "../../../../core/money";

/**
 * What the form holds: text as typed (money in dollars), turned into the API's body (cents)
 * only when it is checked or sent.
 */
export interface ListingFormValues {
  title: string;
  category: string;
  subcategory: string;
  territory: string;
  condition: string;
  description: string;
  specifications: { key: string; value: string }[];
  kind: ListingKind;
  price: string;
  quantity: string;
  durationDays: string;
  reservePrice: string;
  buyItNowPrice: string;
  /** Best Offer, for fixed price: the seller's secret automatic accept and decline amounts. */
  acceptsOffers: boolean;
  autoAccept: string;
  autoDecline: string;
  /** The cost within the item's territory; also the Caribbean cost when that is left empty. */
  shipping: string;
  returnPolicyDays: string;
  localPickup: boolean;
  /** Paid upgrades ticked (core/fees.ts), and the Subtitle upgrade's text. */
  upgrades: UpgradeId[];
  subtitle: string;
  /** Delivery by destination (issue 29): business days to dispatch, then one row per group. */
  handlingDays: string;
  shipSame: boolean;
  shipSameService: ShippingService;
  shipCaribbean: boolean;
  shipCaribbeanService: ShippingService;
  caribbeanCost: string;
  shipWorld: boolean;
  shipWorldService: ShippingService;
  worldCost: string;
}
export type ListingFieldName = keyof ListingFormValues;

export const EMPTY_LISTING: ListingFormValues = {
  title: "",
  category: "",
  subcategory: "",
  territory: "",
  condition: "",
  description: "",
  specifications: [],
  // The spec gives the kind no default and treats a missing one as fixed price; showing that
  // choice selected says truthfully what a seller who skips it will get.
  kind: "fixed_price",
  price: "",
  quantity: "1",
  durationDays: String(DEFAULT_AUCTION_DAYS),
  reservePrice: "",
  buyItNowPrice: "",
  acceptsOffers: false,
  autoAccept: "",
  autoDecline: "",
  shipping: "",
  returnPolicyDays: "30",
  localPickup: false,
  upgrades: [],
  subtitle: "",
  handlingDays: String(DEFAULT_HANDLING_DAYS),
  shipSame: true,
  shipSameService: "standard",
  shipCaribbean: true,
  shipCaribbeanService: "standard",
  caribbeanCost: "",
  shipWorld: false,
  shipWorldService: "standard",
  worldCost: "",
};

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** The edit form's starting values, from GET /api/listings/{id}/edit. */
export function valuesFromListing(listing: EditableListing): ListingFormValues {
  const row = (group: DestGroup) => listing.shippingOptions.find((o) => o.group === group);
  const same = row("same_territory");
  const caribbean = row("caribbean");
  const world = row("world");
  return {
    title: listing.title,
    category: listing.category,
    subcategory: listing.subcategory ?? "",
    territory: listing.territory,
    condition: listing.condition ?? "",
    description: listing.description,
    specifications: listing.specifications.map((s) => ({ key: s.key, value: s.value })),
    kind: listing.kind,
    price: dollars(listing.priceCents),
    quantity: String(listing.quantity),
    durationDays: String(listing.durationDays ?? DEFAULT_AUCTION_DAYS),
    reservePrice: dollars(listing.reservePriceCents),
    buyItNowPrice: dollars(listing.buyItNowPriceCents),
    acceptsOffers: listing.acceptsOffers,
    autoAccept: dollars(listing.autoAcceptCents),
    autoDecline: dollars(listing.autoDeclineCents),
    shipping: dollars(same?.costCents ?? listing.shippingCents),
    returnPolicyDays: String(listing.returnPolicyDays),
    localPickup: listing.localPickup,
    // Sell similar and Relist start with the old listing's upgrades ticked: charged again there.
    upgrades: [...listing.upgrades],
    subtitle: listing.subtitle ?? "",
    handlingDays: String(listing.handlingDays),
    shipSame: Boolean(same),
    shipSameService: same?.service ?? "standard",
    shipCaribbean: Boolean(caribbean),
    shipCaribbeanService: caribbean?.service ?? "standard",
    // Left empty when it is the island's price, so a new island price carries over as before.
    caribbeanCost:
      caribbean && caribbean.costCents !== same?.costCents ? dollars(caribbean.costCents) : "",
    shipWorld: Boolean(world),
    shipWorldService: world?.service ?? "standard",
    worldCost: world ? dollars(world.costCents) : "",
  };
}

/** Typed dollars as cents; NaN for text that is not an amount, so the schema refuses it. */
function cents(text: string | undefined): number | undefined {
  // A disabled field (a group not shipped to) may come back undefined.
  if (text === undefined || text.trim() === "") return undefined;
  return parseMoneyToCents(text) ?? Number.NaN;
}

const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The API body for these values; an auction sells one item, fixed price has no auction extras,
 * and only fixed price with offers allowed has automatic amounts (cleared otherwise).
 */
export function toListingInput(values: ListingFormValues, imageIds: string[]): CreateListingInput {
  const auction = values.kind === "auction";
  const offers = !auction && values.acceptsOffers;
  return {
    kind: values.kind,
    title: values.title,
    category: values.category,
    subcategory: values.subcategory || null,
    territory: values.territory,
    condition: values.condition as CreateListingInput["condition"],
    description: values.description,
    specifications: values.specifications,
    imageIds,
    priceCents: cents(values.price) as number,
    quantity: auction ? 1 : wholeNumber(values.quantity),
    shippingCents: cents(values.shipping) as number,
    returnPolicyDays: Number(values.returnPolicyDays),
    localPickup: values.localPickup,
    handlingDays: wholeNumber(values.handlingDays),
    shippingOptions: shippingOptionsOf(values),
    durationDays: auction ? Number(values.durationDays) : undefined,
    reservePriceCents: auction ? (cents(values.reservePrice) ?? null) : null,
    buyItNowPriceCents: auction ? (cents(values.buyItNowPrice) ?? null) : null,
    acceptsOffers: offers,
    autoAcceptCents: offers ? (cents(values.autoAccept) ?? null) : null,
    autoDeclineCents: offers ? (cents(values.autoDecline) ?? null) : null,
    // react-hook-form gives one ticked checkbox of a group as a string, none as false.
    upgrades: upgradeList(values.upgrades),
    subtitle: upgradeList(values.upgrades).includes("subtitle") ? values.subtitle.trim() : null,
  };
}

export function upgradeList(value: unknown): UpgradeId[] {
  if (Array.isArray(value)) return value as UpgradeId[];
  return typeof value === "string" && value !== "" ? [value as UpgradeId] : [];
}

/** The seller's table as the API takes it: a row per group ticked; an empty Caribbean cost is the island's. */
function shippingOptionsOf(values: ListingFormValues): ShippingOption[] {
  const base = cents(values.shipping) ?? 0;
  const rows: ShippingOption[] = [];
  if (values.shipSame)
    rows.push({ group: "same_territory", service: values.shipSameService, costCents: base });
  if (values.shipCaribbean)
    rows.push({
      group: "caribbean",
      service: values.shipCaribbeanService,
      costCents: cents(values.caribbeanCost) ?? base,
    });
  if (values.shipWorld)
    rows.push({
      group: "world",
      service: values.shipWorldService,
      costCents: cents(values.worldCost) ?? Number.NaN,
    });
  return rows;
}

/** Where the API's field names (and the schema's paths) live in the form. */
const API_TO_FORM: Record<string, ListingFieldName> = {
  priceCents: "price",
  shippingCents: "shipping",
  reservePriceCents: "reservePrice",
  buyItNowPriceCents: "buyItNowPrice",
  autoAcceptCents: "autoAccept",
  autoDeclineCents: "autoDecline",
  // Rows are numbered by what is ticked; the messages name the group, so any row's lands here.
  shippingOptions: "shipSame",
};

/** The form field an API or schema path names ("priceCents" -> "price"; rows keep their index). */
export function formPathOf(path: string): string {
  const [head = "", ...rest] = path.split(".");
  return [API_TO_FORM[head] ?? head, ...rest].join(".");
}

const MONEY_LABELS: Partial<Record<ListingFieldName, string>> = {
  price: "Price",
  shipping: "Shipping price",
  reservePrice: "Reserve price",
  buyItNowPrice: "Buy It Now price",
  autoAccept: "Automatic accept amount",
  autoDecline: "Automatic decline amount",
  caribbeanCost: "Cost to other Caribbean territories",
  worldCost: "Cost to the rest of the world",
};

type FlatErrors = Record<string, { type: string; message: string }>;

/**
 * Checks the values with the API's own schema (createListingSchema), so the page says what the
 * server would, sooner. Money typed as text gets its own words first: empty required amounts are
 * "required", and text that is not an amount says how to write one.
 */
export function validateListing(values: ListingFormValues, imageIds: string[]): FlatErrors {
  const errors: FlatErrors = {};
  const add = (path: string, type: string, message: string) => {
    errors[path] ??= { type, message };
  };

  const auction = values.kind === "auction";
  const money: ListingFieldName[] = auction
    ? ["price", "shipping", "reservePrice", "buyItNowPrice"]
    : values.acceptsOffers
      ? ["price", "shipping", "autoAccept", "autoDecline"]
      : ["price", "shipping"];
  if (values.shipCaribbean) money.push("caribbeanCost");
  if (values.shipWorld) {
    money.push("worldCost");
    if ((values.worldCost ?? "").trim() === "")
      add("worldCost", "required", "Cost to the rest of the world is required");
  }
  for (const field of money) {
    const text = String(values[field]).trim();
    const label = MONEY_LABELS[field] ?? field;
    if (text === "" && (field === "price" || field === "shipping")) {
      add(field, "required", `${label} is required`);
    } else if (text !== "" && parseMoneyToCents(text) === null) {
      add(field, "format", `${label} must be an amount in dollars, like 12.50`);
    }
  }

  const input = toListingInput(values, imageIds);
  const parsed = createListingSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      add(formPathOf(issue.path.join(".")), issue.code, issue.message);
    }
    // The schema's rules that join fields (an auction's reserve and Buy It Now price against its
    // starting price) run only once every field is valid, and on an early step later fields are
    // still empty. So they run again with valid stand-ins for every field they do not read.
    const joined = createListingSchema.safeParse({ ...input, ...STAND_INS });
    if (!joined.success) {
      for (const issue of joined.error.issues) {
        add(formPathOf(issue.path.join(".")), issue.code, issue.message);
      }
    }
  }
  return errors;
}

const STAND_INS = {
  title: "-",
  category: "-",
  subcategory: null,
  territory: "-",
  condition: "new",
  description: "-",
  specifications: [],
  imageIds: [],
  quantity: 1,
  shippingCents: 0,
  returnPolicyDays: 30,
  localPickup: false,
  handlingDays: DEFAULT_HANDLING_DAYS,
  shippingOptions: [],
  durationDays: DEFAULT_AUCTION_DAYS,
  upgrades: [],
  subtitle: null,
} satisfies Partial<CreateListingInput>;

/** The fields whose values differ from `initial` (the edit form sends only these). */
export function changedFields(
  values: ListingFormValues,
  initial: ListingFormValues,
): ListingFieldName[] {
  return (Object.keys(initial) as ListingFieldName[]).filter(
    (field) => JSON.stringify(values[field]) !== JSON.stringify(initial[field]),
  );
}

/**
 * The listing form: react-hook-form with a resolver built on `validateListing`. `reportFields`
 * limits the errors to some fields (the edit form: those the seller changed and may change).
 */
export function useListingForm({
  defaultValues = EMPTY_LISTING,
  getImageIds,
  reportFields,
}: {
  defaultValues?: ListingFormValues;
  getImageIds: () => string[];
  reportFields?: (values: ListingFormValues) => readonly ListingFieldName[];
}) {
  // The resolver is made once; these refs let it read the latest photos and rules.
  const imageIds = useRef(getImageIds);
  imageIds.current = getImageIds;
  const report = useRef(reportFields);
  report.current = reportFields;

  const resolver: Resolver<ListingFormValues> = async (values, _context, options) => {
    const flat = validateListing(values, imageIds.current());
    const allowed = report.current?.(values);
    const kept: FlatErrors = {};
    for (const [path, error] of Object.entries(flat)) {
      const root = path.split(".")[0] as ListingFieldName;
      // Photos are checked by the photo picker, not by a form field.
      if (root === ("imageIds" as ListingFieldName)) continue;
      if (allowed && !allowed.includes(root)) continue;
      kept[path] = error;
    }
    if (Object.keys(kept).length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: toNestErrors(kept as FieldErrors, options) as FieldErrors<ListingFormValues>,
    };
  };

  const form = useForm<ListingFormValues>({
    defaultValues,
    resolver,
    // Errors appear when a step is checked (Continue, Save), not while the seller first types or
    // adds an empty specification row; the effect below clears them as they are put right.
    mode: "onSubmit",
  });

  // Any change re-checks the fields that show an error now (only those), so a message goes as
  // soon as its field is fixed, including one fixed by another field (a reserve by its start).
  const { watch, trigger, formState } = form;
  useEffect(() => {
    const subscription = watch(() => {
      const invalid = Object.keys(formState.errors) as ListingFieldName[];
      if (invalid.length > 0) void trigger(invalid);
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger, formState]);

  return form;
}

/** The API's field errors (`{ priceCents: "..." }`) as form paths with their messages. */
export function formErrorsFromApi(fields: Record<string, string> | undefined) {
  return Object.entries(fields ?? {}).map(([path, message]) => ({
    path: formPathOf(path),
    message,
  }));
}
