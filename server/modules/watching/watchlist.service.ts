import { type SQL, sql } from "drizzle-orm";
import type {
  WatchedIds,
  WatchlistPage,
  WatchlistQuery,
  WatchState,
} from "../../../core/contracts/watching";
import { WATCH_MESSAGES } from "../../../core/contracts/watching";
import { ERROR_CODES } from "../../../core/errors";
import { MAX_WATCHED_ITEMS, WATCHLIST_ENDING_SOON_HOURS } from "../../../core/limits";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { notFound, ruleBroken } from "../../errors";
import { listingBuyItNowOpen } from "../auction-rules/auction-rules";
import {
  activeListingCondition,
  displayPriceExpression,
  publicListingCondition,
} from "../listings/listing-visibility";
import { listingCardsByIds } from "../listings/listings.service";
import { lockOwnerList } from "./owner-lists";

async function watcherCount(db: Db, listingId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from watchlist_items where listing_id = ${listingId}`,
  );
  return row?.n ?? 0;
}

/**
 * Puts a listing on the user's watchlist (again: no change). Remembers the price and whether Buy
 * It Now was open, so that a later drop or its return can be told (watch-alerts.ts). The count
 * is taken under the user's list lock: two tabs adding at once can't pass the limit together.
 */
export async function watchListing(db: Db, userId: string, listingId: string): Promise<WatchState> {
  return db.transaction(async (tx) => {
    const [listing] = await rows<{
      seller_id: string;
      price: number;
      bin_open: boolean;
    }>(
      tx,
      sql`select l.seller_id, ${displayPriceExpression} as price,
            ${listingBuyItNowOpen} as bin_open
          from listings l left join auction_settings a on a.listing_id = l.id
          where l.id = ${listingId} and ${publicListingCondition}`,
    );
    if (!listing) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
    if (listing.seller_id === userId)
      throw ruleBroken(ERROR_CODES.cannotWatchOwn, WATCH_MESSAGES.cannotWatchOwn);
    await lockOwnerList(tx, "watchlist", userId);
    const [existing] = await rows<{ n: number; mine: boolean }>(
      tx,
      sql`select count(*)::int as n, bool_or(listing_id = ${listingId}) as mine
          from watchlist_items where user_id = ${userId}`,
    );
    if (!existing?.mine) {
      if ((existing?.n ?? 0) >= MAX_WATCHED_ITEMS)
        throw ruleBroken(ERROR_CODES.watchLimitReached, WATCH_MESSAGES.watchlistFull);
      await tx.execute(
        sql`insert into watchlist_items (user_id, listing_id, price_seen_cents, buy_it_now_seen)
            values (${userId}, ${listingId}, ${listing.price}, ${listing.bin_open})
            on conflict do nothing`,
      );
    }
    return { listingId, watching: true, watcherCount: await watcherCount(tx, listingId) };
  });
}

/** Takes a listing off the user's watchlist (not on it: no change). */
export async function unwatchListing(
  db: Db,
  userId: string,
  listingId: string,
): Promise<WatchState> {
  const [exists] = await rows<{ id: string }>(
    db,
    sql`select id from listings where id = ${listingId}`,
  );
  if (!exists) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
  await db.execute(
    sql`delete from watchlist_items where user_id = ${userId} and listing_id = ${listingId}`,
  );
  return { listingId, watching: false, watcherCount: await watcherCount(db, listingId) };
}

/** The ids of every listing on the user's watchlist (at most MAX_WATCHED_ITEMS). */
export async function watchedIds(db: Db, userId: string): Promise<WatchedIds> {
  const found = await rows<{ listing_id: string }>(
    db,
    sql`select listing_id from watchlist_items where user_id = ${userId} order by created_at desc`,
  );
  return { ids: found.map((r) => r.listing_id) };
}

const endingSoon = sql`(l.kind = 'auction' and ${activeListingCondition}
  and a.end_time <= now() + make_interval(hours => ${WATCHLIST_ENDING_SOON_HOURS}))`;

function filterFor(filter: WatchlistQuery["filter"]): SQL {
  switch (filter) {
    case "active":
      return activeListingCondition;
    case "ending_soon":
      return endingSoon;
    case "ended":
      return sql`not ${activeListingCondition}`;
    default:
      return sql`true`;
  }
}

function orderFor(sort: WatchlistQuery["sort"]): SQL {
  switch (sort) {
    case "newly_listed":
      return sql`l.created_at desc, l.id`;
    case "price_lowest":
      return sql`${displayPriceExpression} asc, l.id`;
    case "price_highest":
      return sql`${displayPriceExpression} desc, l.id`;
    default:
      // Open auctions by their end, then open fixed-price items (no end), then what is over.
      return sql`(${activeListingCondition}) desc, a.end_time asc nulls last, w.created_at desc, l.id`;
  }
}

/** One page of the user's watchlist, filtered and sorted in the database. */
export async function listWatchlist(
  db: Db,
  userId: string,
  q: WatchlistQuery,
): Promise<WatchlistPage> {
  const from = sql`from watchlist_items w
    join listings l on l.id = w.listing_id
    left join auction_settings a on a.listing_id = l.id
    where w.user_id = ${userId} and ${publicListingCondition} and ${filterFor(q.filter)}`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  const page = await rows<{ id: string; watched_at: Date | string }>(
    db,
    sql`select l.id, w.created_at as watched_at ${from}
        order by ${orderFor(q.sort)} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const cards = await listingCardsByIds(
    db,
    page.map((r) => r.id),
  );
  const watchedAt = new Map(page.map((r) => [r.id, r.watched_at]));
  return {
    items: cards.map((listing) => ({
      listing,
      watchedAt: isoTime(watchedAt.get(listing.id) ?? new Date()),
    })),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
