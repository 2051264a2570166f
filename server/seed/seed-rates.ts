import type { FloatingCurrency } from "../../core/currencies";
import type { Db } from "../db/client";
import { exchangeRates } from "../db/schema/currencies";

const DAY = 24 * 3600 * 1000;

/**
 * Demo rates for the floating currencies (issue 29), units per US dollar near late-2025 market
 * levels, each with its as-of date a few days back. Suriname's is left 12 days old on purpose, so
 * the demo shows a stale rate (still shown, with its date: docs/decisions/0020).
 */
export const DEMO_RATES: readonly { currency: FloatingCurrency; rate: string; daysAgo: number }[] =
  [
    { currency: "JMD", rate: "157.35", daysAgo: 1 },
    { currency: "TTD", rate: "6.78", daysAgo: 2 },
    { currency: "GYD", rate: "209.15", daysAgo: 2 },
    { currency: "SRD", rate: "38.1", daysAgo: 12 },
    { currency: "DOP", rate: "63.4", daysAgo: 1 },
    { currency: "HTG", rate: "131.05", daysAgo: 3 },
    { currency: "EUR", rate: "0.86", daysAgo: 1 },
  ];

/** The demo's floating rates, in the seed's transaction (no staff member: updated_by is null). */
export async function seedDemoRates(tx: Db, now: Date): Promise<void> {
  await tx.insert(exchangeRates).values(
    DEMO_RATES.map((r) => ({
      currency: r.currency,
      unitsPerUsd: r.rate,
      asOf: new Date(now.getTime() - r.daysAgo * DAY).toISOString().slice(0, 10),
      updatedAt: new Date(now.getTime() - r.daysAgo * DAY),
    })),
  );
}
