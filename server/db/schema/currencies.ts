import { sql } from "drizzle-orm";
import { check, date, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { FLOATING_CURRENCIES } from "../../../core/currencies";
import { oneOf } from "./checks";
import { users } from "./users";

/**
 * The floating currencies' rates to the US dollar, one row per currency, kept by staff (issue 29).
 * Display only: nothing charged ever reads this table. Pegged rates live in core/currencies.ts.
 * Each change is also written to the audit log (admin_actions) with the rate before and after.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    currency: text("currency").primaryKey(),
    /** Units of the currency per US dollar, at most 6 decimals (numeric: no float rounding). */
    unitsPerUsd: numeric("units_per_usd", { precision: 18, scale: 6 }).notNull(),
    /** The day the rate was read from its source (shown on hover; stale after 7 days). */
    asOf: date("as_of", { mode: "string" }).notNull(),
    updatedById: uuid("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("exchange_rates_currency_check", oneOf(t.currency, FLOATING_CURRENCIES)),
    check("exchange_rates_positive_check", sql`${t.unitsPerUsd} > 0`),
  ],
);
