import { z } from "zod";
import { CURRENCY_CODES, FLOATING_CURRENCIES, isValidRate } from "../currencies";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/currencies: every currency a buyer may choose, with today's rate to the US dollar. */
export const currencyRateSchema = z.object({
  code: z.enum(CURRENCY_CODES),
  name: z.string(),
  /** Units per US dollar as a decimal string ("157.35"). */
  rate: z.string(),
  /** The floating rate's as-of date (YYYY-MM-DD); null for a pegged rate. */
  asOf: isoDate.nullable(),
  pegged: z.boolean(),
});
export type CurrencyRateRow = z.infer<typeof currencyRateSchema>;
export const currencyRatesSchema = z.object({
  /** Currencies with a rate; a floating currency staff have never rated is left out. */
  currencies: z.array(currencyRateSchema),
});
export type CurrencyRates = z.infer<typeof currencyRatesSchema>;

/** GET /api/admin/rates: the floating rates staff keep. */
export const adminRateSchema = z.object({
  currency: z.enum(FLOATING_CURRENCIES),
  name: z.string(),
  rate: z.string().nullable(),
  asOf: isoDate.nullable(),
  stale: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type AdminRate = z.infer<typeof adminRateSchema>;
export const adminRatesSchema = z.object({ rates: z.array(adminRateSchema) });

export const rateParamsSchema = z.object({
  currency: z.enum(FLOATING_CURRENCIES, { message: "Not a currency whose rate staff keep" }),
});

/** PUT /api/admin/rates/{currency} */
export const updateRateSchema = z.object({
  rate: z
    .string()
    .trim()
    .refine(isValidRate, "Enter the rate as units per US dollar, e.g. 157.35 (up to 6 decimals)"),
  asOf: isoDate.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Enter a real date"),
  reason: z
    .string()
    .trim()
    .min(3, "Please give a reason (the rate's source)")
    .max(2000, "reason must be at most 2000 characters"),
});
export type UpdateRate = z.infer<typeof updateRateSchema>;

/** GET and PATCH /api/me/preferences */
export const preferencesSchema = z.object({
  /** The currency approximate prices are shown in; null: US dollars only. */
  currency: z.enum(CURRENCY_CODES, { message: "Choose a listed currency" }).nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
