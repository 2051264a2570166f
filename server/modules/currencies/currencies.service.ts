import { eq, sql } from "drizzle-orm";
import type { AdminRate, CurrencyRates, UpdateRate } from "../../../core/contracts/currencies";
import {
  CURRENCIES,
  FLOATING_CURRENCIES,
  type FloatingCurrency,
  isStale,
  peggedRates,
} from "../../../core/currencies";
import type { Db } from "../../db/db-handle";
import { exchangeRates } from "../../db/schema/currencies";
import { users } from "../../db/schema/users";
import { badRequest } from "../../errors";
import { recordAdminAction } from "../staff/audit-log";
import type { Staff } from "../staff/staff.policy";

// Exchange rates are display only (issue 29): checkout, orders, offers and payments never import
// this module, so what a buyer is charged cannot depend on a rate or on the currency they chose.

/** numeric(18,6) comes back as "157.350000": the shortest decimal that says the same. */
function trimRate(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

const isoDay = (value: string | Date) =>
  typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** Every currency a buyer may choose with its rate: pegged ones, then the floating ones rated. */
export async function currencyRates(db: Db): Promise<CurrencyRates> {
  const floating = await db
    .select({
      currency: exchangeRates.currency,
      rate: exchangeRates.unitsPerUsd,
      asOf: exchangeRates.asOf,
    })
    .from(exchangeRates);
  const byCode = new Map(floating.map((r) => [r.currency, r]));
  const pegged = peggedRates().map((r) => ({
    code: r.currency,
    name: CURRENCIES[r.currency].name,
    rate: r.rate,
    asOf: null,
    pegged: true,
  }));
  const rated = FLOATING_CURRENCIES.flatMap((code) => {
    const row = byCode.get(code);
    if (!row) return [];
    return [
      {
        code,
        name: CURRENCIES[code].name,
        rate: trimRate(row.rate),
        asOf: isoDay(row.asOf),
        pegged: false,
      },
    ];
  });
  return { currencies: [...pegged, ...rated] };
}

/** The floating rates for the admin page, with who changed each last and whether it is stale. */
export async function adminRates(db: Db, now: Date): Promise<{ rates: AdminRate[] }> {
  const found = await db
    .select({
      currency: exchangeRates.currency,
      rate: exchangeRates.unitsPerUsd,
      asOf: exchangeRates.asOf,
      updatedAt: exchangeRates.updatedAt,
      updatedById: users.id,
      updatedByName: users.username,
    })
    .from(exchangeRates)
    .leftJoin(users, eq(users.id, exchangeRates.updatedById));
  const byCode = new Map(found.map((r) => [r.currency, r]));
  return {
    rates: FLOATING_CURRENCIES.map((currency) => {
      const row = byCode.get(currency);
      const asOf = row ? isoDay(row.asOf) : null;
      return {
        currency,
        name: CURRENCIES[currency].name,
        rate: row ? trimRate(row.rate) : null,
        asOf,
        stale: asOf === null || isStale(asOf, now),
        updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
        updatedBy:
          row?.updatedById && row.updatedByName
            ? { id: row.updatedById, username: row.updatedByName }
            : null,
      };
    }),
  };
}

/**
 * Sets a floating currency's rate and its as-of date, and writes the audit log in the same
 * transaction (the rate before and after). A date in the future is refused: a rate cannot have
 * been read tomorrow.
 */
export async function updateRate(
  db: Db,
  staff: Staff,
  currency: FloatingCurrency,
  input: UpdateRate,
  now: Date,
): Promise<{ rates: AdminRate[] }> {
  if (input.asOf > now.toISOString().slice(0, 10))
    throw badRequest("The as-of date cannot be in the future.", {
      asOf: "The as-of date cannot be in the future.",
    });
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ rate: exchangeRates.unitsPerUsd, asOf: exchangeRates.asOf })
      .from(exchangeRates)
      .where(eq(exchangeRates.currency, currency))
      .for("update");
    await tx
      .insert(exchangeRates)
      .values({
        currency,
        unitsPerUsd: input.rate,
        asOf: input.asOf,
        updatedById: staff.id,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: {
          unitsPerUsd: sql`excluded.units_per_usd`,
          asOf: sql`excluded.as_of`,
          updatedById: sql`excluded.updated_by_id`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
    await recordAdminAction(tx, {
      actorId: staff.id,
      action: "rate.update",
      subjectKind: "exchange_rate",
      subjectId: currency,
      reason: input.reason,
      before: before ? { rate: trimRate(before.rate), asOf: isoDay(before.asOf) } : null,
      after: { rate: trimRate(input.rate), asOf: input.asOf },
    });
  });
  return adminRates(db, now);
}
