import { z } from "zod";
import { CONDITION_VALUES, CONDITIONS } from "../listing";
import { LISTING_MODERATION } from "./admin";
import { type CreateListingInput, createListingSchema } from "./selling";

/**
 * Listings in bulk (docs/bulk-listings.md): one CSV row per listing, read into the same
 * `createListingSchema` the sell wizard posts, so a row's errors are the form's own words.
 */

/** A file is at most this large and this long; past either it is refused whole. */
export const LISTING_UPLOAD_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 1000 } as const;

/** The template's columns, in its order; an export starts with the same ones so it reads back. */
export const LISTING_CSV_COLUMNS = [
  "title",
  "description",
  "category",
  "subcategory",
  "territory",
  "condition",
  "format",
  "price",
  "quantity",
  "shipping",
  "return_policy_days",
  "local_pickup",
  "duration_days",
  "reserve_price",
  "buy_it_now_price",
  "photo_urls",
] as const;
export type ListingCsvColumn = (typeof LISTING_CSV_COLUMNS)[number];

/** Columns an upload must name in its first line (the rest may be left out). */
export const REQUIRED_LISTING_CSV_COLUMNS: readonly ListingCsvColumn[] = [
  "title",
  "description",
  "category",
  "territory",
  "condition",
  "price",
  "shipping",
];

/** Columns an export adds after the template's; an upload of an export ignores them. */
export const EXPORT_ONLY_COLUMNS = ["id", "status", "listing_url", "created_at"] as const;

/** Where a row's error is shown when it is about the row rather than one column. */
export const ROW_ERROR_KEY = "row";

/** Which column of the file each form field comes from. */
const FIELD_COLUMNS: Record<string, ListingCsvColumn> = {
  title: "title",
  description: "description",
  category: "category",
  subcategory: "subcategory",
  territory: "territory",
  condition: "condition",
  kind: "format",
  priceCents: "price",
  quantity: "quantity",
  shippingCents: "shipping",
  returnPolicyDays: "return_policy_days",
  localPickup: "local_pickup",
  durationDays: "duration_days",
  reservePriceCents: "reserve_price",
  buyItNowPriceCents: "buy_it_now_price",
  imageIds: "photo_urls",
};

/** The column a form field's error belongs to (the row itself for one the file has no column for). */
export function columnOfField(field: string): string {
  return FIELD_COLUMNS[field] ?? ROW_ERROR_KEY;
}

/**
 * Dollars as a spreadsheet writes them ("45", "45.00", "$1,200.50") to cents. Anything else is
 * handed on as it is, so the schema answers with its own "must be a number"; more than two decimals
 * give fractional cents, which it refuses as "a whole number of cents".
 */
function centsCell(cell: string): number | string | undefined {
  const text = cell.trim().replace(/^\$/, "").replace(/,/g, "");
  if (text === "") return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return cell;
  const cents = Number(text) * 100;
  const rounded = Math.round(cents);
  return Math.abs(cents - rounded) < 1e-6 ? rounded : cents;
}

function numberCell(cell: string): number | string | undefined {
  const text = cell.trim();
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : cell;
}

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0", ""]);

/** A condition by its value (`like-new`) or the label the form shows (`Like New`). */
function conditionCell(cell: string): string {
  const text = cell.trim().toLowerCase();
  return CONDITIONS.find((c) => c.label.toLowerCase() === text)?.value ?? text;
}

/** Photo URLs of a cell: separated by spaces, commas, semicolons, pipes or line breaks. */
export function photoUrlsOfCell(cell: string): string[] {
  return cell.split(/[\s,;|]+/).filter((u) => u !== "");
}

/** What one CSV row says, read into the wizard's body (photos still URLs: the server finds them). */
export function listingInputOfRow(cells: Record<string, string>): {
  input: Omit<CreateListingInput, "imageIds">;
  /** Errors that only a file can make (a yes/no column, an unknown condition). */
  errors: Record<string, string>;
} {
  const cell = (c: ListingCsvColumn) => cells[c] ?? "";
  const errors: Record<string, string> = {};
  const pickup = cell("local_pickup").trim().toLowerCase();
  if (!YES.has(pickup) && !NO.has(pickup)) errors.local_pickup = "Local pickup must be yes or no";
  const condition = conditionCell(cell("condition"));
  if (condition !== "" && !(CONDITION_VALUES as readonly string[]).includes(condition))
    errors.condition = `Condition must be one of ${CONDITION_VALUES.join(", ")}`;
  const text = (c: ListingCsvColumn) => (cell(c).trim() === "" ? undefined : cell(c));
  const input = {
    kind: text("format")?.trim(),
    title: text("title"),
    description: text("description"),
    category: text("category")?.trim().toLowerCase(),
    subcategory: text("subcategory")?.trim().toLowerCase() ?? null,
    territory: text("territory")?.trim().toLowerCase(),
    condition: condition === "" ? undefined : condition,
    priceCents: centsCell(cell("price")),
    quantity: numberCell(cell("quantity")),
    shippingCents: centsCell(cell("shipping")),
    returnPolicyDays: numberCell(cell("return_policy_days")),
    localPickup: YES.has(pickup),
    durationDays: numberCell(cell("duration_days")),
    reservePriceCents: centsCell(cell("reserve_price")) ?? null,
    buyItNowPriceCents: centsCell(cell("buy_it_now_price")) ?? null,
  };
  // Wrong types stay in on purpose: the schema names them in the form's words.
  return { input: input as unknown as Omit<CreateListingInput, "imageIds">, errors };
}

/**
 * A row's body checked by the wizard's schema: its errors by column (the first per column, as the
 * form shows one per field), merged over the file's own.
 */
export function checkListingRow(
  input: CreateListingInput,
  fileErrors: Record<string, string> = {},
): { errors: Record<string, string>; value: z.output<typeof createListingSchema> | null } {
  const parsed = createListingSchema.safeParse(input);
  const errors: Record<string, string> = { ...fileErrors };
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const column = columnOfField(String(issue.path[0] ?? ""));
      errors[column] ??= issue.message;
    }
  const ok = parsed.success && Object.keys(errors).length === 0;
  return { errors, value: ok ? parsed.data : null };
}

// ---------- API shapes ----------

export const LISTING_UPLOAD_STATUSES = ["previewed", "running", "done"] as const;
/** invalid: refused at preview; ready: will be created on confirm; then created or failed. */
export const LISTING_UPLOAD_ROW_STATUSES = ["invalid", "ready", "created", "failed"] as const;

export const listingUploadRowSchema = z.object({
  /** The line of the file, counted as a spreadsheet does (the header is line 1). */
  line: z.number().int(),
  title: z.string(),
  status: z.enum(LISTING_UPLOAD_ROW_STATUSES),
  /** By column name (or `row`), in the form's words. */
  errors: z.record(z.string(), z.string()),
  listingId: z.string().nullable(),
  /** A created listing a safety rule held for review says so. */
  moderation: z.enum(LISTING_MODERATION).nullable(),
});
export type ListingUploadRow = z.infer<typeof listingUploadRowSchema>;

export const listingUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(LISTING_UPLOAD_STATUSES),
  createdAt: z.string(),
  counts: z.object({
    rows: z.number().int(),
    invalid: z.number().int(),
    ready: z.number().int(),
    created: z.number().int(),
    failed: z.number().int(),
  }),
  rows: z.array(listingUploadRowSchema),
});
export type ListingUpload = z.infer<typeof listingUploadSchema>;
