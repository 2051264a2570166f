import { sql } from "drizzle-orm";
import type { ListingModeration } from "../../../core/contracts/admin";
import { NO_DELIVERY_MESSAGE } from "../../../core/contracts/delivery";
import type {
  CreateListing,
  EditableListing,
  MyListing,
  SellingStatus,
  Store,
  UpdateListing,
} from "../../../core/contracts/selling";
import type { ShippingOption } from "../../../core/delivery";
import { ERROR_CODES } from "../../../core/errors";
import type { UpgradeId } from "../../../core/fees";
import type { ListingKind } from "../../../core/listing";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { isoTime, rows, uuidList } from "../../db/rows";
import { auctionSettings } from "../../db/schema/auctions";
import { listingImages, listings } from "../../db/schema/listings";
import { badRequest, notFound, ruleBroken } from "../../errors";
import { chargeInsertionFee } from "../ledger/seller-funds";
import {
  type DeliveryRow,
  deliverySelect,
  optionsOf,
  shippingColumns,
} from "../listings/listing-delivery";
import { lockListings } from "../listings/listing-locks";
import { activeListingCondition, auctionEndedExpression } from "../listings/listing-visibility";
import { sellerRating } from "../listings/listings.service";
import { listingHoldReason } from "../moderation/listing-rules.service";
import { notify } from "../notifications/notifications.service";
import { readOfferSettings, saveOfferSettings } from "../offers/offer-settings";
import { statusForStock } from "../stock/listing-stock";
import { queueNewListing } from "../watching/alert-matching";
import { alertWatchersOfPriceChange, alertWatchersOfRelist } from "../watching/watch-alerts";
import { applyUpgrades, readUpgrades } from "./listing-upgrades";
import {
  assertDeletable,
  assertEditable,
  assertOwner,
  assertRelistable,
  relistable,
} from "./selling.policy";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A transaction of the database handle. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface ResolvedPlace {
  categoryId: string;
  subcategoryId: string | null;
  territoryId: string;
}

/** Finds the category, subcategory and territory a form names, with a field message when not. */
export async function resolvePlace(
  tx: Tx | Db,
  input: { category: string; subcategory?: string | null; territory: string },
): Promise<ResolvedPlace> {
  const [category] = await rows<{ id: string }>(
    tx,
    sql`select id from categories where slug = ${input.category} and parent_id is null and is_active`,
  );
  if (!category) throw badRequest("Choose a category", { category: "Choose a category" });
  let subcategoryId: string | null = null;
  if (input.subcategory) {
    const [sub] = await rows<{ id: string }>(
      tx,
      sql`select id from categories where slug = ${input.subcategory} and parent_id = ${category.id} and is_active`,
    );
    if (!sub)
      throw badRequest("Choose a subcategory of the chosen category", {
        subcategory: "Choose a subcategory of the chosen category",
      });
    subcategoryId = sub.id;
  }
  const [territory] = await rows<{ id: string }>(
    tx,
    sql`select id from territories where (id::text = ${input.territory} or slug = ${input.territory}) and is_active`,
  );
  if (!territory) throw badRequest("Choose a territory", { territory: "Choose a territory" });
  return { categoryId: category.id, subcategoryId, territoryId: territory.id };
}

interface ImageRow {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  uploadId: string | null;
}

/**
 * Turns the form's photo ids, in order, into image rows. An id is either one of this listing's
 * current images (kept as it is) or an upload of the seller's that no other listing uses.
 */
async function resolveImages(
  tx: Tx,
  sellerId: string,
  ids: string[],
  listingId: string | null,
): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  const idList = uuidList(ids);
  const current = listingId
    ? await rows<ImageRow & { id: string }>(
        tx,
        sql`select id, url, thumb_url as "thumbUrl", width, height, upload_id as "uploadId"
            from listing_images where listing_id = ${listingId} and (id in (${idList}) or upload_id in (${idList}))`,
      )
    : [];
  // KEY SHARE: the upload cleanup job cannot delete a photo while this listing takes it.
  const fresh = await rows<ImageRow & { id: string; usedBy: string | null }>(
    tx,
    sql`select u.id, u.url, u.thumb_url as "thumbUrl", u.width, u.height, u.id as "uploadId",
          (select li.listing_id from listing_images li where li.upload_id = u.id limit 1) as "usedBy"
        from uploads u where u.owner_id = ${sellerId} and u.id in (${idList})
        for key share of u`,
  );
  return ids.map((id) => {
    const kept = current.find((c) => c.id === id || c.uploadId === id);
    if (kept) return kept;
    const upload = fresh.find((u) => u.id === id);
    if (!upload || (upload.usedBy !== null && upload.usedBy !== listingId))
      throw badRequest("One of the photos is unknown. Please upload it again.", {
        imageIds: "One of the photos is unknown. Please upload it again.",
      });
    return upload;
  });
}

async function writeImages(tx: Tx, listingId: string, images: ImageRow[]) {
  await tx.delete(listingImages).where(sql`${listingImages.listingId} = ${listingId}`);
  if (images.length === 0) return;
  await tx.insert(listingImages).values(
    images.map((image, position) => ({
      listingId,
      position,
      url: image.url,
      thumbUrl: image.thumbUrl,
      width: image.width,
      height: image.height,
      uploadId: image.uploadId,
    })),
  );
}

const specsRecord = (rowsIn: { key: string; value: string }[]) =>
  Object.fromEntries(rowsIn.map((r) => [r.key, r.value]));

/** Reserve and Buy It Now must sit above the start price: checked on the merged, final values. */
function assertAuctionPrices(p: {
  startPriceCents: number;
  reservePriceCents: number | null;
  buyItNowPriceCents: number | null;
}) {
  if (p.reservePriceCents !== null && p.reservePriceCents < p.startPriceCents) {
    const message = "The reserve price must not be below the starting price";
    throw badRequest(message, { reservePriceCents: message });
  }
  const floor = Math.max(p.startPriceCents, p.reservePriceCents ?? 0);
  if (p.buyItNowPriceCents !== null && p.buyItNowPriceCents <= floor) {
    const message = "The Buy It Now price must be above the starting and reserve prices";
    throw badRequest(message, { buyItNowPriceCents: message });
  }
}

/** What a create or an edit answers: the listing's id and whether it is live or held, and why. */
export interface SavedListing {
  id: string;
  moderation: ListingModeration;
  moderationReason: string | null;
  /** Upgrades this save bought, and their fees (charged in its transaction). */
  chargedUpgrades?: UpgradeId[];
  upgradeFeesCents?: number;
}

/** Tells the seller their listing waits for a moderator, and why (emailed whatever their settings). */
async function tellHeld(
  tx: Tx,
  sellerId: string,
  listingId: string,
  title: string,
  reason: string,
) {
  await notify(tx, [
    {
      userId: sellerId,
      kind: "listing_held",
      message: notificationText("listing_held", { title, reason }),
      link: "/my/selling",
      listingId,
    },
  ]);
}

/**
 * Creates a listing, its photos and, for an auction, its auction settings in one transaction:
 * if any insert fails nothing is left behind. A listing a safety rule matches (moderation's
 * listing-rules.service) is stored held for review, the seller told why, and not queued for
 * alerts: approval queues it.
 */
export async function createListing(
  db: Db,
  sellerId: string,
  input: CreateListing,
  /** The money rules' clock: the insertion fee's month. */
  now: Date = new Date(),
): Promise<SavedListing> {
  return db.transaction((tx) => createListingIn(tx, sellerId, input, now));
}

/**
 * `createListing` inside a transaction the caller owns (a bulk upload's row commits the listing
 * and the row's outcome together): the same rules, holds, alerts and fee, nothing else.
 */
export async function createListingIn(
  tx: Tx,
  sellerId: string,
  input: CreateListing,
  now: Date,
): Promise<SavedListing> {
  const place = await resolvePlace(tx, input);
  // Sell similar and Relist copy one of the seller's listings: its photos are shared (the same
  // files and uploads, which the cleanup job keeps while any listing uses them).
  const source = input.sourceListingId
    ? await loadSource(tx, sellerId, input.sourceListingId, input.relist === true)
    : null;
  const images = await resolveImages(tx, sellerId, input.imageIds, source?.id ?? null);
  const isAuction = input.kind === "auction";
  const holdReason = await listingHoldReason(tx, {
    title: input.title,
    description: input.description,
    categoryId: place.categoryId,
    subcategoryId: place.subcategoryId,
  });
  const [listing] = await tx
    .insert(listings)
    .values({
      sellerId,
      ...place,
      title: input.title,
      description: input.description,
      kind: input.kind,
      condition: input.condition,
      priceCents: input.priceCents,
      // An auction sells one lot to one winner.
      quantity: isAuction ? 1 : input.quantity,
      shippingCents: input.shippingCents,
      returnPolicyDays: input.returnPolicyDays,
      localPickup: input.localPickup,
      handlingDays: input.handlingDays,
      // Without a table the columns' defaults and the trigger ship it as before (decision 0021).
      ...(input.shippingOptions ? shippingTable(input.shippingOptions, input.localPickup) : {}),
      specifications: specsRecord(input.specifications),
      moderation: holdReason ? "held" : "visible",
      moderationReason: holdReason,
    })
    .returning({ id: listings.id, createdAt: listings.createdAt });
  if (!listing) throw new Error("listing insert returned nothing");
  await writeImages(tx, listing.id, images);
  // Upgrades are the new listing's own: a relist or Sell similar copies none, and pays for those
  // ticked again (the wizard may pre-tick them), as any new listing does.
  const bought =
    input.upgrades.length > 0
      ? await applyUpgrades(
          tx,
          { id: listing.id, sellerId },
          input.upgrades,
          input.subtitle ?? null,
          now,
        )
      : null;
  const upgradeFields = bought
    ? { chargedUpgrades: bought.charged, upgradeFeesCents: bought.chargedCents }
    : {};
  if (!isAuction && input.acceptsOffers)
    await saveOfferSettings(
      tx,
      { id: listing.id, kind: input.kind, priceCents: input.priceCents },
      {
        acceptsOffers: true,
        autoAcceptCents: input.autoAcceptCents ?? null,
        autoDeclineCents: input.autoDeclineCents ?? null,
      },
    );
  if (isAuction) {
    await tx.insert(auctionSettings).values({
      listingId: listing.id,
      startPriceCents: input.priceCents,
      reservePriceCents: input.reservePriceCents ?? null,
      buyItNowPriceCents: input.buyItNowPriceCents ?? null,
      startTime: listing.createdAt,
      endTime: new Date(listing.createdAt.getTime() + input.durationDays * DAY_MS),
    });
  }
  if (holdReason) {
    await tellHeld(tx, sellerId, listing.id, input.title, holdReason);
    return { id: listing.id, moderation: "held", moderationReason: holdReason, ...upgradeFields };
  }
  // Saved searches and followers hear of it once the matching job has run (seconds).
  await queueNewListing(tx, listing.id);
  if (source && input.relist) await alertWatchersOfRelist(tx, source.id, listing.id, input.title);
  // Live now: past the month's free listings, the insertion fee is charged (approval charges a
  // held one when it goes live).
  await chargeInsertionFee(tx, { id: listing.id, sellerId }, now);
  return { id: listing.id, moderation: "visible", moderationReason: null, ...upgradeFields };
}

/**
 * The listing a new one is copied from: the seller's own (404 otherwise, as if it were not there).
 * A relist also needs it ended without a sale: sold (422 listing_sold), still on sale (422
 * listing_not_ended) or removed by a moderator (422) are refused. Locked, so two relists of one
 * listing are told apart by their watchers' notices only, never half-made.
 */
async function loadSource(tx: Tx, sellerId: string, id: string, relist: boolean) {
  if (relist) await lockListings(tx, [id]);
  const [row] = await rows<{ id: string; sellerId: string; status: string; moderation: string }>(
    tx,
    sql`select id, seller_id as "sellerId", status, moderation from listings where id = ${id}`,
  );
  if (!row || row.sellerId !== sellerId)
    throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  if (!relist) return row;
  assertRelistable(row);
  return row;
}

/**
 * The listing columns of a seller's shipping table; a listing must ship somewhere or offer local
 * pickup, or nobody could receive it.
 */
function shippingTable(options: readonly ShippingOption[], localPickup: boolean) {
  if (options.length === 0 && !localPickup)
    throw badRequest(NO_DELIVERY_MESSAGE, { shippingOptions: NO_DELIVERY_MESSAGE });
  return shippingColumns(options);
}

interface OwnedListingRow extends DeliveryRow {
  id: string;
  sellerId: string;
  kind: ListingKind;
  status: string;
  title: string;
  description: string;
  categorySlug: string;
  subcategorySlug: string | null;
  territoryId: string;
  condition: string | null;
  priceCents: number;
  quantity: number;
  shippingCents: number;
  returnPolicyDays: number;
  localPickup: boolean;
  specifications: Record<string, string> | null;
  startTime: Date | string | null;
  endTime: Date | string | null;
  reservePriceCents: number | null;
  buyItNowPriceCents: number | null;
  bidCount: number;
  orderCount: number;
  moderation: ListingModeration;
  moderationReason: string | null;
  categoryId: string;
  subcategoryId: string | null;
}

/** Reads a listing with what the edit rules need; `lock` holds it (and its auction) until commit. */
async function loadOwned(tx: Tx | Db, id: string, lock: boolean) {
  // The auction row too: it is the one a bid locks, so no first bid slips in before the write.
  if (lock) await lockListings(tx, [id], { withAuctions: true });
  const [row] = await rows<OwnedListingRow>(
    tx,
    sql`select l.id, l.seller_id as "sellerId", l.kind, l.status, l.title, l.description,
          c.slug as "categorySlug", sc.slug as "subcategorySlug", l.territory_id as "territoryId",
          l.condition, l.price_cents as "priceCents", l.quantity, l.shipping_cents as "shippingCents",
          l.return_policy_days as "returnPolicyDays", l.local_pickup as "localPickup", l.specifications,
          ${deliverySelect},
          a.start_time as "startTime", a.end_time as "endTime",
          a.reserve_price_cents as "reservePriceCents", a.buy_it_now_price_cents as "buyItNowPriceCents",
          coalesce(a.bid_count, 0)::int as "bidCount",
          (select count(*) from order_lines ol where ol.listing_id = l.id)::int as "orderCount",
          l.moderation, l.moderation_reason as "moderationReason",
          l.category_id as "categoryId", l.subcategory_id as "subcategoryId"
        from listings l
        join categories c on c.id = l.category_id
        join territories t on t.id = l.territory_id
        left join categories sc on sc.id = l.subcategory_id
        left join auction_settings a on a.listing_id = l.id
        where l.id = ${id}`,
  );
  return row;
}

/** The edit form's data: only the seller may read it (it holds the hidden reserve). */
export async function getEditableListing(
  db: Db,
  userId: string,
  id: string,
): Promise<EditableListing> {
  const row = await loadOwned(db, id, false);
  assertOwner(row, userId);
  const images = await rows<{
    id: string;
    uploadId: string | null;
    url: string;
    thumbUrl: string;
    width: number;
    height: number;
  }>(
    db,
    sql`select id, upload_id as "uploadId", url, thumb_url as "thumbUrl", width, height
        from listing_images where listing_id = ${id} order by position`,
  );
  const durationDays =
    row.startTime && row.endTime
      ? Math.round((new Date(row.endTime).getTime() - new Date(row.startTime).getTime()) / DAY_MS)
      : null;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    category: row.categorySlug,
    subcategory: row.subcategorySlug,
    territory: row.territoryId,
    condition: row.condition,
    description: row.description,
    specifications: Object.entries(row.specifications ?? {}).map(([key, value]) => ({
      key,
      value,
    })),
    // Demo pictures have no upload; their own id stands in, and the edit API accepts either.
    images: images.map((i) => ({
      id: i.uploadId ?? i.id,
      url: i.url,
      thumbUrl: i.thumbUrl,
      width: i.width,
      height: i.height,
    })),
    priceCents: row.priceCents,
    quantity: row.quantity,
    shippingCents: row.shippingCents,
    returnPolicyDays: row.returnPolicyDays,
    localPickup: row.localPickup,
    handlingDays: Number(row.handlingDays),
    shippingOptions: optionsOf(row),
    durationDays,
    reservePriceCents: row.reservePriceCents,
    buyItNowPriceCents: row.buyItNowPriceCents,
    ...(await readOfferSettings(db, id)),
    locked: row.kind === "auction" && row.bidCount > 0,
    canRelist: relistable(row),
    ...(await readUpgrades(db, id)),
  };
}

/**
 * Changes a listing under the edit rules: anything while an auction has no bids, only the
 * description and photos after. The listing and auction rows are locked for the check and write.
 */
export async function updateListing(
  db: Db,
  userId: string,
  id: string,
  patch: UpdateListing,
  /** The money rules' clock: when an upgrade bought now is charged. */
  now: Date = new Date(),
): Promise<SavedListing> {
  return db.transaction(async (tx) => {
    const row = await loadOwned(tx, id, true);
    assertOwner(row, userId);
    const changed = Object.entries(patch)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    assertEditable(row, changed);

    const kind = patch.kind ?? row.kind;
    if (kind !== row.kind && row.orderCount > 0)
      throw ruleBroken(
        ERROR_CODES.listingHasOrders,
        "A listing with orders can't change how it sells.",
      );
    const isAuction = kind === "auction";
    const place: Partial<ResolvedPlace> =
      patch.category !== undefined ||
      patch.subcategory !== undefined ||
      patch.territory !== undefined
        ? await resolvePlace(tx, {
            category: patch.category ?? row.categorySlug,
            // A new category drops the old subcategory unless a new one is named.
            subcategory:
              patch.subcategory !== undefined
                ? patch.subcategory
                : patch.category !== undefined && patch.category !== row.categorySlug
                  ? null
                  : row.subcategorySlug,
            territory: patch.territory ?? row.territoryId,
          })
        : {};
    const priceCents = patch.priceCents ?? row.priceCents;
    const reservePriceCents =
      patch.reservePriceCents !== undefined ? patch.reservePriceCents : row.reservePriceCents;
    const buyItNowPriceCents =
      patch.buyItNowPriceCents !== undefined ? patch.buyItNowPriceCents : row.buyItNowPriceCents;
    if (isAuction)
      assertAuctionPrices({
        startPriceCents: priceCents,
        reservePriceCents: reservePriceCents ?? null,
        buyItNowPriceCents: buyItNowPriceCents ?? null,
      });

    await tx
      .update(listings)
      .set({
        ...place,
        kind,
        title: patch.title,
        description: patch.description,
        condition: patch.condition,
        priceCents: patch.priceCents,
        quantity: isAuction ? 1 : patch.quantity,
        // A restock puts a sold-out listing back on sale.
        status: statusForStock(sql`${isAuction ? 1 : (patch.quantity ?? row.quantity)}::int`),
        shippingCents: patch.shippingCents,
        // A new shipping price alone re-prices every group shipped to (the trigger fills them).
        ...(patch.shippingCents !== undefined && !patch.shippingOptions
          ? { shipSameCents: null, shipCaribbeanCents: null, shipWorldCents: null }
          : {}),
        ...(patch.shippingOptions
          ? shippingTable(patch.shippingOptions, patch.localPickup ?? row.localPickup)
          : {}),
        handlingDays: patch.handlingDays,
        returnPolicyDays: patch.returnPolicyDays,
        localPickup: patch.localPickup,
        specifications: patch.specifications ? specsRecord(patch.specifications) : undefined,
        updatedAt: new Date(),
      })
      .where(sql`${listings.id} = ${id}`);

    if (patch.imageIds) {
      await writeImages(tx, id, await resolveImages(tx, userId, patch.imageIds, id));
    }
    // Best Offer: checked against the price this edit leaves, whichever fields it changed.
    await saveOfferSettings(
      tx,
      { id, kind, priceCents },
      {
        acceptsOffers: patch.acceptsOffers,
        autoAcceptCents: patch.autoAcceptCents,
        autoDeclineCents: patch.autoDeclineCents,
      },
    );

    if (isAuction) {
      const now = new Date();
      const start = row.kind === "auction" && row.startTime ? new Date(row.startTime) : now;
      let endTime: Date | undefined;
      if (patch.durationDays !== undefined || row.kind !== "auction") {
        endTime = new Date(start.getTime() + (patch.durationDays ?? 7) * DAY_MS);
        if (endTime <= now)
          throw badRequest("That duration would end the auction in the past", {
            durationDays: "That duration would end the auction in the past",
          });
      }
      if (row.kind === "auction") {
        const changes = Object.fromEntries(
          Object.entries({
            startPriceCents: patch.priceCents,
            reservePriceCents: patch.reservePriceCents,
            buyItNowPriceCents: patch.buyItNowPriceCents,
            endTime,
          }).filter(([, v]) => v !== undefined),
        );
        if (Object.keys(changes).length > 0)
          await tx
            .update(auctionSettings)
            .set(changes)
            .where(sql`${auctionSettings.listingId} = ${id}`);
      } else {
        await tx.insert(auctionSettings).values({
          listingId: id,
          startPriceCents: priceCents,
          reservePriceCents: reservePriceCents ?? null,
          buyItNowPriceCents: buyItNowPriceCents ?? null,
          startTime: start,
          endTime: endTime ?? new Date(start.getTime() + 7 * DAY_MS),
        });
      }
    } else if (row.kind === "auction") {
      // Checked above: no bids and no orders, so the auction part can go.
      await tx.delete(auctionSettings).where(sql`${auctionSettings.listingId} = ${id}`);
    }
    if (
      patch.priceCents !== undefined ||
      patch.buyItNowPriceCents !== undefined ||
      patch.kind !== undefined
    )
      await alertWatchersOfPriceChange(tx, id);
    let upgradeFields: Pick<SavedListing, "chargedUpgrades" | "upgradeFeesCents"> = {};
    if (patch.upgrades !== undefined || patch.subtitle !== undefined) {
      const current = await readUpgrades(tx, id);
      const wanted = patch.upgrades ?? current.upgrades;
      const buying = wanted.filter((u) => !current.paidUpgrades.includes(u));
      // An upgrade is bought for the time a listing is on sale: none for one that is over.
      const over =
        row.status !== "active" ||
        row.moderation === "removed" ||
        (row.kind === "auction" && row.endTime !== null && new Date(row.endTime) <= new Date());
      if (buying.length > 0 && over)
        throw ruleBroken(
          ERROR_CODES.notActive,
          "Upgrades can only be bought for a listing that is still on sale.",
        );
      const bought = await applyUpgrades(
        tx,
        { id, sellerId: row.sellerId },
        wanted,
        patch.subtitle !== undefined ? patch.subtitle : current.subtitle,
        now,
      );
      upgradeFields = { chargedUpgrades: bought.charged, upgradeFeesCents: bought.chargedCents };
    }
    // The safety rules apply to what an edit says too, or a seller could list a clean title and
    // edit the word in: a visible listing whose new words or category match a rule is held again
    // (hidden, and an auction takes no bids, until a moderator approves it). A held or removed
    // listing stays as it is: only a moderator changes that.
    const wordsOrPlaceChanged =
      patch.title !== undefined ||
      patch.description !== undefined ||
      patch.category !== undefined ||
      patch.subcategory !== undefined;
    if (row.moderation === "visible" && wordsOrPlaceChanged) {
      const holdReason = await listingHoldReason(tx, {
        title: patch.title ?? row.title,
        description: patch.description ?? row.description,
        categoryId: place.categoryId ?? row.categoryId,
        subcategoryId:
          place.categoryId !== undefined ? (place.subcategoryId ?? null) : row.subcategoryId,
      });
      if (holdReason) {
        await tx
          .update(listings)
          .set({ moderation: "held", moderationReason: holdReason })
          .where(sql`${listings.id} = ${id}`);
        await tellHeld(tx, userId, id, patch.title ?? row.title, holdReason);
        return { id, moderation: "held", moderationReason: holdReason, ...upgradeFields };
      }
    }
    return {
      id,
      moderation: row.moderation,
      moderationReason: row.moderationReason,
      ...upgradeFields,
    };
  });
}

/** Deletes a listing of the seller's that nobody has bid on or ordered. */
export async function deleteListing(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadOwned(tx, id, true);
    assertOwner(row, userId);
    assertDeletable(row);
    await tx.delete(listings).where(sql`${listings.id} = ${id}`);
  });
}

interface MyListingRow {
  id: string;
  title: string;
  description: string;
  kind: ListingKind;
  status: "active" | "ended" | "sold";
  priceCents: number;
  quantity: number;
  createdAt: Date | string;
  currentBidCents: number | null;
  startPriceCents: number | null;
  bidCount: number | null;
  endTime: Date | string | null;
  ended: boolean;
  soldCount: number;
  orderCount: number;
  url: string | null;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
  moderation: ListingModeration;
  moderationReason: string | null;
  acceptsOffers: boolean;
  openOfferCount: number;
}

function sellingStatus(row: MyListingRow): SellingStatus {
  if (row.kind === "auction")
    return row.status === "sold" ? "sold" : row.ended ? "ended" : "active";
  if (row.status === "ended") return "ended";
  // Sold out (status sold) is what the seller can act on: restock it with an edit.
  return row.quantity <= 0 ? "out_of_stock" : "active";
}

/** The seller's own listings, newest first, with what /my/selling shows and allows. */
export async function listMyListings(db: Db, userId: string): Promise<{ items: MyListing[] }> {
  const result = await rows<MyListingRow>(
    db,
    sql`select l.id, l.title, l.description, l.kind, l.status, l.price_cents as "priceCents",
          l.quantity, l.created_at as "createdAt",
          a.current_bid_cents as "currentBidCents", a.start_price_cents as "startPriceCents",
          a.bid_count as "bidCount", a.end_time as "endTime",
          (l.kind = 'auction' and ${auctionEndedExpression}) as ended,
          coalesce(sold.units, 0)::int as "soldCount", coalesce(sold.orders, 0)::int as "orderCount",
          img.url, img.thumb_url as "thumbUrl", img.width, img.height,
          l.moderation, l.moderation_reason as "moderationReason",
          l.accepts_offers as "acceptsOffers",
          (select count(*) from offers o where o.listing_id = l.id and o.status = 'pending'
             and o.expires_at > now())::int as "openOfferCount"
        from listings l
        left join auction_settings a on a.listing_id = l.id
        left join lateral (
          select sum(ol.quantity) filter (where o.status = 'paid') as units, count(*) as orders
          from order_lines ol join orders o on o.id = ol.order_id where ol.listing_id = l.id
        ) sold on true
        left join lateral (
          select url, thumb_url, width, height from listing_images
          where listing_id = l.id order by position limit 1
        ) img on true
        where l.seller_id = ${userId}
        order by l.created_at desc, l.id`,
  );
  return {
    items: result.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      kind: row.kind,
      image:
        row.url && row.thumbUrl
          ? { url: row.url, thumbUrl: row.thumbUrl, width: row.width ?? 0, height: row.height ?? 0 }
          : null,
      priceCents: row.priceCents,
      displayPriceCents:
        row.kind === "auction"
          ? (row.currentBidCents ?? row.startPriceCents ?? row.priceCents)
          : row.priceCents,
      quantity: row.quantity,
      status: sellingStatus(row),
      bidCount: row.kind === "auction" ? (row.bidCount ?? 0) : null,
      endsAt: row.endTime ? isoTime(row.endTime) : null,
      createdAt: isoTime(row.createdAt),
      soldCount: row.soldCount,
      canDelete: (row.bidCount ?? 0) === 0 && row.orderCount === 0,
      locked: row.kind === "auction" && (row.bidCount ?? 0) > 0,
      canRelist: relistable(row),
      moderation: row.moderation,
      moderationReason: row.moderationReason,
      acceptsOffers: row.acceptsOffers && row.kind === "fixed_price",
      openOfferCount: row.openOfferCount,
    })),
  };
}

/** A seller's public store header: who they are and how many listings are open. */
export async function getStore(db: Db, sellerId: string): Promise<Store> {
  const [row] = await rows<{
    id: string;
    username: string;
    avatarUrl: string | null;
    ratingTotal: number;
    ratingCount: number;
    createdAt: Date | string;
    active: number;
    storeName: string | null;
    storeDescription: string | null;
  }>(
    db,
    sql`select u.id, u.username, u.avatar_url as "avatarUrl", u.rating_total as "ratingTotal",
          u.store_name as "storeName", u.store_description as "storeDescription",
          u.rating_count as "ratingCount", u.created_at as "createdAt",
          (select count(*) from listings l left join auction_settings a on a.listing_id = l.id
           where l.seller_id = u.id and ${activeListingCondition})::int as active
        from users u where u.id = ${sellerId} and u.suspended_at is null`,
  );
  // A suspended seller's store is gone with their listings until they are reinstated.
  if (!row) throw notFound("Store not found.", ERROR_CODES.storeNotFound);
  return {
    seller: {
      id: row.id,
      username: row.username,
      avatarUrl: row.avatarUrl,
      rating: sellerRating(row.ratingTotal, row.ratingCount),
      ratingCount: row.ratingCount,
      memberSince: isoTime(row.createdAt),
      storeName: row.storeName ?? row.username,
      storeDescription: row.storeDescription,
    },
    activeListingCount: row.active,
  };
}
