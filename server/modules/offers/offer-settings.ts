import { sql } from "drizzle-orm";
import { offerSettingsIssues } from "../../../core/contracts/selling";
import { OFFER_MESSAGES } from "../../../core/offers";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { badRequest } from "../../errors";
import { declineOpenOffers } from "./offer-agreement";

export interface OfferSettings {
  acceptsOffers: boolean;
  autoAcceptCents: number | null;
  autoDeclineCents: number | null;
}

/** The seller's Best Offer settings of a listing, for its edit form (never for anyone else). */
export async function readOfferSettings(db: Db, listingId: string): Promise<OfferSettings> {
  const [row] = await rows<OfferSettings>(
    db,
    sql`select l.accepts_offers as "acceptsOffers", s.auto_accept_cents as "autoAcceptCents",
          s.auto_decline_cents as "autoDeclineCents"
        from listings l left join listing_offer_settings s on s.listing_id = l.id
        where l.id = ${listingId}`,
  );
  return row ?? { acceptsOffers: false, autoAcceptCents: null, autoDeclineCents: null };
}

/**
 * Writes a listing's Best Offer settings in the create or edit transaction, after the listing row:
 * `patch` holds what the request changed, the rest stays as stored. Offers are for fixed-price
 * listings only; the automatic amounts must lie below the price (which may have changed in the
 * same edit) and the decline one below the accept one. Turning offers off, or the listing into an
 * auction, declines the offers still waiting, telling their buyers.
 */
export async function saveOfferSettings(
  tx: Db,
  listing: { id: string; kind: "auction" | "fixed_price"; priceCents: number },
  patch: Partial<OfferSettings>,
): Promise<void> {
  const stored = await readOfferSettings(tx, listing.id);
  const next: OfferSettings = {
    acceptsOffers: listing.kind === "fixed_price" && (patch.acceptsOffers ?? stored.acceptsOffers),
    autoAcceptCents:
      patch.autoAcceptCents !== undefined ? patch.autoAcceptCents : stored.autoAcceptCents,
    autoDeclineCents:
      patch.autoDeclineCents !== undefined ? patch.autoDeclineCents : stored.autoDeclineCents,
  };
  if (!next.acceptsOffers) {
    next.autoAcceptCents = null;
    next.autoDeclineCents = null;
  }
  const issues = offerSettingsIssues({ ...next, priceCents: listing.priceCents });
  const first = issues[0];
  if (first)
    throw badRequest(first.message, Object.fromEntries(issues.map((i) => [i.path, i.message])));
  await tx.execute(sql`update listings set accepts_offers = ${next.acceptsOffers}
    where id = ${listing.id} and accepts_offers is distinct from ${next.acceptsOffers}`);
  if (next.autoAcceptCents === null && next.autoDeclineCents === null)
    await tx.execute(sql`delete from listing_offer_settings where listing_id = ${listing.id}`);
  else
    await tx.execute(sql`insert into listing_offer_settings (listing_id, auto_accept_cents, auto_decline_cents)
      values (${listing.id}, ${next.autoAcceptCents}, ${next.autoDeclineCents})
      on conflict (listing_id) do update set auto_accept_cents = excluded.auto_accept_cents,
        auto_decline_cents = excluded.auto_decline_cents`);
  if (stored.acceptsOffers && !next.acceptsOffers)
    await declineOpenOffers(tx, listing.id, OFFER_MESSAGES.offersTurnedOff);
}
