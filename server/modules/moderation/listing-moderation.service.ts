import { type SQL, sql } from "drizzle-orm";
import type { AdminListing, ListingModeration } from "../../../core/contracts/admin";
import { ERROR_CODES } from "../../../core/errors";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { conflict, notFound } from "../../errors";
import { cancelAuction } from "../auctions/auction-cancel";
import { chargeInsertionFee } from "../ledger/seller-funds";
import { lockListings } from "../listings/listing-locks";
import { notify } from "../notifications/notifications.service";
import { recordAdminAction } from "../staff/audit-log";
import type { Staff } from "../staff/staff.policy";
import { queueNewListing } from "../watching/alert-matching";
import { tellReporters } from "./report-outcome";

interface AdminListingRow {
  id: string;
  title: string;
  kind: "auction" | "fixed_price";
  status: string;
  moderation: ListingModeration;
  moderationReason: string | null;
  priceCents: number;
  bidCount: number;
  imageUrl: string | null;
  sellerId: string;
  sellerUsername: string;
  createdAt: Date | string;
}

const selectAdminListing = sql`select l.id, l.title, l.kind, l.status::text as status, l.moderation,
    l.moderation_reason as "moderationReason",
    coalesce(a.current_bid_cents, l.price_cents) as "priceCents",
    coalesce(a.bid_count, 0)::int as "bidCount",
    (select i.thumb_url from listing_images i where i.listing_id = l.id order by i.position limit 1)
      as "imageUrl",
    u.id as "sellerId", u.username as "sellerUsername", l.created_at as "createdAt"
  from listings l
  join users u on u.id = l.seller_id
  left join auction_settings a on a.listing_id = l.id`;

function toAdminListing(r: AdminListingRow): AdminListing {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    status: r.status,
    moderation: r.moderation,
    moderationReason: r.moderationReason,
    priceCents: Number(r.priceCents),
    bidCount: r.bidCount,
    imageUrl: r.imageUrl,
    seller: { id: r.sellerId, username: r.sellerUsername },
    createdAt: isoTime(r.createdAt),
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Listings for staff, whatever their state: `q` matches the title or the seller's username,
 * `moderation` narrows to one state (held: the review queue, oldest first; otherwise newest first).
 */
export async function listAdminListings(
  db: Db,
  q: { q: string; moderation?: ListingModeration; page: number; pageSize: number },
): Promise<{ items: AdminListing[]; total: number; page: number; pageSize: number }> {
  const parts: SQL[] = [sql`true`];
  if (q.q) {
    const like = likePattern(q.q);
    parts.push(sql`(l.title ilike ${like} or u.username ilike ${like})`);
  }
  if (q.moderation) parts.push(sql`l.moderation = ${q.moderation}`);
  const where = sql.join(parts, sql` and `);
  const order =
    q.moderation === "held" ? sql`l.created_at asc, l.id` : sql`l.created_at desc, l.id`;
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listings l join users u on u.id = l.seller_id where ${where}`,
  );
  const found = await rows<AdminListingRow>(
    db,
    sql`${selectAdminListing} where ${where} order by ${order}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    items: found.map(toAdminListing),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function getAdminListing(db: Db, id: string): Promise<AdminListing> {
  const [row] = await rows<AdminListingRow>(db, sql`${selectAdminListing} where l.id = ${id}`);
  if (!row) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  return toAdminListing(row);
}

interface LockedListing {
  id: string;
  title: string;
  kind: "auction" | "fixed_price";
  status: "active" | "ended" | "sold";
  moderation: ListingModeration;
  moderationReason: string | null;
  sellerId: string;
  bidCount: number;
  settled: boolean;
}

/** Locks the listing and its auction row (the one a bid and settlement lock) and reads it. */
async function lockListing(tx: Db, id: string): Promise<LockedListing> {
  await lockListings(tx, [id], { withAuctions: true });
  const [row] = await rows<LockedListing>(
    tx,
    sql`select l.id, l.title, l.kind, l.status, l.moderation, l.moderation_reason as "moderationReason",
          l.seller_id as "sellerId", coalesce(a.bid_count, 0)::int as "bidCount",
          a.settled_at is not null as settled
        from listings l left join auction_settings a on a.listing_id = l.id where l.id = ${id}`,
  );
  if (!row) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  return row;
}

const stateOf = (l: Pick<LockedListing, "moderation" | "moderationReason" | "status">) => ({
  moderation: l.moderation,
  moderationReason: l.moderationReason,
  status: l.status,
});

/**
 * Takes a listing down (moderation 'removed', with the reason the seller is emailed), in the
 * caller's transaction. An auction with bids that has not been settled is ended without a winner
 * under the locks taken here (cancelAuction, the auctions module); one without bids keeps running
 * hidden, so a restore can put it back.
 * Paid orders are left alone; an open Buy It Now checkout cannot complete (payment of a listing
 * that is not visible is refunded as unfillable, payments.service takeStock). Every open report on
 * the listing is resolved with it. Returns the listing as staff see it.
 */
export async function removeListing(
  tx: Db,
  actor: Staff,
  listingId: string,
  reason: string,
): Promise<AdminListing> {
  const before = await lockListing(tx, listingId);
  if (before.moderation === "removed")
    throw conflict("This listing is already removed.", ERROR_CODES.moderationState);
  await tx.execute(sql`update listings set moderation = 'removed', moderation_reason = ${reason},
      updated_at = now()
    where id = ${listingId}`);
  await notify(tx, [
    {
      userId: before.sellerId,
      kind: "listing_removed",
      message: notificationText("listing_removed", { title: before.title, reason }),
      link: "/my/selling",
      listingId,
    },
  ]);
  const auctionCancelled = await cancelAuction(tx, before);
  const after = {
    moderation: "removed",
    moderationReason: reason,
    status: auctionCancelled ? "ended" : before.status,
  };
  await recordAdminAction(tx, {
    actorId: actor.id,
    action: "listing.remove",
    subjectKind: "listing",
    subjectId: listingId,
    reason,
    before: stateOf(before),
    after: { ...after, auctionCancelled },
  });
  await resolveReportsOnListing(tx, actor, listingId, reason);
  return getAdminListing(tx, listingId);
}

/**
 * Resolves every report on the listing still open or assigned, as removed: one removal answers
 * them all, and each gets its own audit entry.
 */
async function resolveReportsOnListing(tx: Db, actor: Staff, listingId: string, reason: string) {
  const resolved = await rows<{ id: string; status: string }>(
    tx,
    sql`update reports r set status = 'resolved', resolution = 'remove_listing',
          resolution_reason = ${reason}, resolved_by_id = ${actor.id}, resolved_at = now()
        from (select id, status from reports where listing_id = ${listingId} and status <> 'resolved'
              for update) old
        where r.id = old.id
        returning r.id, old.status`,
  );
  await tellReporters(
    tx,
    resolved.map((r) => r.id),
  );
  for (const report of resolved)
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: "report.resolve",
      subjectKind: "report",
      subjectId: report.id,
      reason,
      before: { status: report.status },
      after: { status: "resolved", resolution: "remove_listing" },
    });
}

/** POST /api/admin/listings/{id}/remove: removeListing in its own transaction. */
export function removeListingNow(db: Db, actor: Staff, listingId: string, reason: string) {
  return db.transaction((tx) => removeListing(tx, actor, listingId, reason));
}

/**
 * Puts a removed listing back (visible). An auction removal ended stays ended: its bidders were
 * told it was cancelled and no winner can be made after the fact. The seller is told.
 */
export async function restoreListing(
  db: Db,
  actor: Staff,
  listingId: string,
  reason: string,
): Promise<AdminListing> {
  return db.transaction(async (tx) => {
    const before = await lockListing(tx, listingId);
    if (before.moderation !== "removed")
      throw conflict("Only a removed listing can be restored.", ERROR_CODES.moderationState);
    await tx.execute(sql`update listings set moderation = 'visible', moderation_reason = null,
        updated_at = now() where id = ${listingId}`);
    await notify(tx, [
      {
        userId: before.sellerId,
        kind: "listing_restored",
        message: notificationText("listing_restored", { title: before.title, reason }),
        link: `/listing/${listingId}`,
        listingId,
      },
    ]);
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: "listing.restore",
      subjectKind: "listing",
      subjectId: listingId,
      reason,
      before: stateOf(before),
      after: { moderation: "visible", moderationReason: null, status: before.status },
    });
    return getAdminListing(tx, listingId);
  });
}

/**
 * Lets a held listing go live, and only now queues it for saved-search and follower alerts (a
 * held listing was never queued: nobody hears of something that may not go live).
 */
export async function approveListing(
  db: Db,
  actor: Staff,
  listingId: string,
  reason: string,
): Promise<AdminListing> {
  return db.transaction(async (tx) => {
    const before = await lockListing(tx, listingId);
    if (before.moderation !== "held")
      throw conflict(
        "Only a listing held for review can be approved.",
        ERROR_CODES.moderationState,
      );
    await tx.execute(sql`update listings set moderation = 'visible', moderation_reason = null,
        updated_at = now() where id = ${listingId}`);
    await queueNewListing(tx, listingId);
    // Live now: the insertion fee it would have paid at listing (once per listing, whoever approves).
    await chargeInsertionFee(tx, { id: listingId, sellerId: before.sellerId }, new Date());
    await notify(tx, [
      {
        userId: before.sellerId,
        kind: "listing_approved",
        message: notificationText("listing_approved", { title: before.title }),
        link: `/listing/${listingId}`,
        listingId,
      },
    ]);
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: "listing.approve",
      subjectKind: "listing",
      subjectId: listingId,
      reason,
      before: stateOf(before),
      after: { moderation: "visible", moderationReason: null, status: before.status },
    });
    return getAdminListing(tx, listingId);
  });
}
