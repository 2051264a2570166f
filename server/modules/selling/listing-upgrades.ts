import { sql } from "drizzle-orm";
import { SUBTITLE_REQUIRED_MESSAGE } from "../../../core/contracts/selling";
import { UPGRADES, type UpgradeId } from "../../../core/fees";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { listings, listingUpgrades } from "../../db/schema/listings";
import { badRequest } from "../../errors";
import { chargeUpgradeFee, upgradePurpose } from "../ledger/seller-funds";

// Listing upgrades (issue 30, decision 0019): Featured, Bold title, Subtitle, Gallery Plus, at the
// prices of core/fees.ts, which the fee pages and the calculator read. An upgrade is charged once
// per listing for its whole duration: listing_upgrades' primary key (listing, upgrade) is the
// claim, and only the save that inserts the row posts the fee, in the listing write's transaction.
// Turning an upgrade off keeps the row (no refund); turning it on again costs nothing.

/** What a listing shows now, and what was paid for. */
export interface ListingUpgradeState {
  upgrades: UpgradeId[];
  paidUpgrades: UpgradeId[];
  subtitle: string | null;
}

/** In the order of core/fees.ts, each once. */
const ordered = (ids: readonly string[]): UpgradeId[] =>
  UPGRADES.filter((u) => ids.includes(u.id)).map((u) => u.id);

export async function readUpgrades(tx: Db, listingId: string): Promise<ListingUpgradeState> {
  const [row] = await rows<{
    featured: boolean;
    boldTitle: boolean;
    subtitle: string | null;
    galleryPlus: boolean;
    paid: string[] | null;
  }>(
    tx,
    sql`select featured, bold_title as "boldTitle", subtitle, gallery_plus as "galleryPlus",
          (select array_agg(upgrade) from listing_upgrades where listing_id = l.id) as paid
        from listings l where id = ${listingId}`,
  );
  if (!row) return { upgrades: [], paidUpgrades: [], subtitle: null };
  const on: string[] = [];
  if (row.featured) on.push("featured");
  if (row.boldTitle) on.push("bold");
  if (row.subtitle !== null) on.push("subtitle");
  if (row.galleryPlus) on.push("galleryPlus");
  return {
    upgrades: ordered(on),
    paidUpgrades: ordered(row.paid ?? []),
    subtitle: row.subtitle,
  };
}

/**
 * Sets the upgrades a listing shows and charges the ones never bought for it before, in the
 * caller's transaction (the listing's own write). A subtitle needs its text. Answers the upgrades
 * charged now and their total.
 */
export async function applyUpgrades(
  tx: Db,
  listing: { id: string; sellerId: string },
  wanted: readonly UpgradeId[],
  subtitle: string | null,
  now: Date,
): Promise<{ charged: UpgradeId[]; chargedCents: number }> {
  const upgrades = ordered(wanted);
  const text = subtitle?.trim() || null;
  if (upgrades.includes("subtitle") && !text)
    throw badRequest(SUBTITLE_REQUIRED_MESSAGE, { subtitle: SUBTITLE_REQUIRED_MESSAGE });
  const charged: UpgradeId[] = [];
  let chargedCents = 0;
  for (const id of upgrades) {
    const cents = UPGRADES.find((u) => u.id === id)?.cents ?? 0;
    // The claim: a concurrent save of the same listing waits on this row and then inserts nothing.
    const [claimed] = await tx
      .insert(listingUpgrades)
      .values({
        listingId: listing.id,
        upgrade: id,
        cents,
        boughtAt: now,
        journalPurpose: upgradePurpose(id),
      })
      .onConflictDoNothing()
      .returning({ upgrade: listingUpgrades.upgrade });
    if (!claimed) continue;
    await chargeUpgradeFee(tx, listing, { id, cents }, now);
    charged.push(id);
    chargedCents += cents;
  }
  await tx
    .update(listings)
    .set({
      featured: upgrades.includes("featured"),
      boldTitle: upgrades.includes("bold"),
      subtitle: upgrades.includes("subtitle") ? text : null,
      galleryPlus: upgrades.includes("galleryPlus"),
    })
    .where(sql`${listings.id} = ${listing.id}`);
  return { charged, chargedCents };
}
