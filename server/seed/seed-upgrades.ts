import { sql } from "drizzle-orm";
import type { UpgradeId } from "../../core/fees";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { applyUpgrades } from "../modules/selling/listing-upgrades";
import { DEMO_LEDGER_DAYS } from "./seed-ledger";

const DAY = 86_400_000;

/** Second lines for the demo's subtitled listings, true of any item. */
const SUBTITLES = [
  "Ships within 1 business day, carefully packed",
  "Ask about bundle discounts on my other items",
  "Local pickup welcome, message me to arrange",
  "Described honestly, every flaw photographed",
] as const;

/**
 * Demo listings with paid upgrades (issue 30, decision 0019), bought through the same rule a
 * seller's save goes through (applyUpgrades: a listing_upgrades row and its fee journal each):
 * the featured listings the plan picked have paid for Featured, and a few other listings on sale
 * for Bold title, Subtitle and Gallery Plus, some for two. Each fee is dated when the listing was
 * listed, but never before the demo ledger's start (seed-ledger.ts DEMO_LEDGER_DAYS), which would
 * move the start of what ledger:check reconciles back past sales that have no journal. Runs
 * before seedDemoLedger, so the payouts it makes see the fees.
 */
export async function seedDemoUpgrades(tx: Db, now: Date): Promise<void> {
  const open = await rows<{
    id: string;
    sellerId: string;
    createdAt: Date | string;
    featured: boolean;
  }>(
    tx,
    sql`select l.id, l.seller_id as "sellerId", l.created_at as "createdAt", l.featured
        from listings l left join auction_settings a on a.listing_id = l.id
        where l.status = 'active' and l.moderation = 'visible'
          and (a.end_time is null or a.end_time > ${now.toISOString()})
        order by l.created_at desc, l.title`,
  );
  const plans = new Map<string, UpgradeId[]>();
  for (const l of open) if (l.featured) plans.set(l.id, ["featured"]);
  // The newest listings that are not featured, so they show on the first pages of results.
  const others = open.filter((l) => !l.featured).slice(0, 9);
  const extras: UpgradeId[][] = [
    ["bold", "subtitle"],
    ["subtitle", "galleryPlus"],
    ["bold"],
    ["galleryPlus"],
    ["subtitle"],
    ["bold", "galleryPlus"],
    ["subtitle"],
    ["bold"],
    ["galleryPlus"],
  ];
  for (const [i, l] of others.entries()) plans.set(l.id, extras[i] ?? []);
  // Two featured listings also bought a bold title and a subtitle.
  const featured = open.filter((l) => l.featured).slice(0, 2);
  for (const l of featured) plans.set(l.id, ["featured", "bold", "subtitle"]);

  const ledgerStart = now.getTime() - (DEMO_LEDGER_DAYS - 1) * DAY;
  let subtitle = 0;
  for (const l of open) {
    const wanted = plans.get(l.id);
    if (!wanted || wanted.length === 0) continue;
    const at = new Date(Math.max(new Date(l.createdAt).getTime(), ledgerStart));
    const text = wanted.includes("subtitle") ? SUBTITLES[subtitle++ % SUBTITLES.length] : null;
    await applyUpgrades(tx, { id: l.id, sellerId: l.sellerId }, wanted, text ?? null, at);
  }
}
