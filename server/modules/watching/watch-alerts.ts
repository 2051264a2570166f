import { sql } from "drizzle-orm";
import { WATCH_ENDING_SOON_MINUTES } from "../../../core/limits";
import { formatMoney } from "../../../core/money";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { rows, uuidList } from "../../db/rows";
import { listingBuyItNowOpen } from "../auction-rules/auction-rules";
import { activeListingCondition, displayPriceExpression } from "../listings/listing-visibility";
import { notify } from "../notifications/notifications.service";

// Each watch alert is sent once: the statement that picks the watchers also marks their watch row
// (ending_alerted_at, ended_alerted_at, price_seen_cents), in the transaction that stores the
// notifications. The notifications reach open pages at commit through the event spine.

/** Watches of auctions ending within the hour not yet told, a batch at a time. */
const ENDING_BATCH = 500;

/**
 * Tells watchers that an auction on their watchlist ends within the hour, once per watch, and
 * answers how many it told. Safe on every instance at once (SKIP LOCKED on the watch rows).
 */
export async function sendEndingSoonAlerts(db: Db): Promise<number> {
  let told = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await rows<{ user_id: string; listing_id: string; title: string }>(
        tx,
        sql`with due as (
              select w.user_id, w.listing_id from watchlist_items w
              join listings l on l.id = w.listing_id
              join auction_settings a on a.listing_id = l.id
              where w.ending_alerted_at is null and ${activeListingCondition}
                and a.end_time <= now() + make_interval(mins => ${WATCH_ENDING_SOON_MINUTES})
              limit ${ENDING_BATCH}
              for update of w skip locked
            )
            update watchlist_items w set ending_alerted_at = now()
            from due, listings l
            where w.user_id = due.user_id and w.listing_id = due.listing_id and l.id = w.listing_id
            returning w.user_id, w.listing_id, l.title`,
      );
      await notify(
        tx,
        due.map((d) => ({
          userId: d.user_id,
          kind: "watched_item_ending" as const,
          message: notificationText("watched_item_ending", { title: d.title }),
          link: `/listing/${d.listing_id}`,
          listingId: d.listing_id,
        })),
      );
      return due.length;
    });
    told += n;
    if (n < ENDING_BATCH) return told;
  }
}

/**
 * Tells a listing's watchers that it sold out or ended, once per watch; called in the transaction
 * that ends it (auction settlement, the payment that takes the last unit). `exclude` are people
 * told otherwise (the winner, the buyer).
 */
export async function alertWatchersOfEnd(
  tx: Db,
  listingId: string,
  options: { soldOut: boolean; exclude?: (string | null)[] },
): Promise<void> {
  const exclude = (options.exclude ?? []).filter((id): id is string => id !== null);
  const told = await rows<{ user_id: string; title: string }>(
    tx,
    sql`update watchlist_items w set ended_alerted_at = now()
        from listings l
        where w.listing_id = ${listingId} and l.id = w.listing_id and w.ended_alerted_at is null
          ${exclude.length > 0 ? sql`and w.user_id not in (${uuidList(exclude)})` : sql``}
        returning w.user_id, l.title`,
  );
  await notify(
    tx,
    told.map((t) => ({
      userId: t.user_id,
      kind: "watched_item_ended" as const,
      message: notificationText("watched_item_ended", {
        title: t.title,
        soldOut: options.soldOut,
      }),
      link: `/listing/${listingId}`,
      listingId,
    })),
  );
}

/**
 * After a seller's edit: tells watchers whose price the listing now undercuts (and remembers the
 * new price as theirs), and those who had not seen Buy It Now open that it is. Called in the
 * edit's transaction.
 */
export async function alertWatchersOfPriceChange(tx: Db, listingId: string): Promise<void> {
  const [now] = await rows<{
    price: number;
    bin_open: boolean;
    bin_price: number | null;
    title: string;
  }>(
    tx,
    sql`select ${displayPriceExpression} as price, l.title, a.buy_it_now_price_cents as bin_price,
          ${listingBuyItNowOpen} as bin_open
        from listings l left join auction_settings a on a.listing_id = l.id
        where l.id = ${listingId} and ${activeListingCondition}`,
  );
  if (!now) return;
  const dropped = await rows<{ user_id: string }>(
    tx,
    sql`update watchlist_items set price_seen_cents = ${now.price}
        where listing_id = ${listingId} and price_seen_cents > ${now.price}
        returning user_id`,
  );
  // Buy It Now's state as they have now seen it: its return after this is news again.
  const binBack = await rows<{ user_id: string }>(
    tx,
    sql`update watchlist_items set buy_it_now_seen = ${now.bin_open}
        where listing_id = ${listingId} and buy_it_now_seen <> ${now.bin_open}
        returning user_id`,
  );
  const byDrop = new Set(dropped.map((d) => d.user_id));
  await notify(tx, [
    ...dropped.map((d) => ({
      userId: d.user_id,
      kind: "watched_item_price_drop" as const,
      message: notificationText("watched_item_price_drop", {
        title: now.title,
        price: formatMoney(now.price),
        buyItNow: false,
      }),
      link: `/listing/${listingId}`,
      listingId,
    })),
    // One notice each: a drop already told them the news.
    ...(now.bin_open ? binBack : [])
      .filter((b) => !byDrop.has(b.user_id) && now.bin_price !== null)
      .map((b) => ({
        userId: b.user_id,
        kind: "watched_item_price_drop" as const,
        message: notificationText("watched_item_price_drop", {
          title: now.title,
          price: formatMoney(now.bin_price ?? now.price),
          buyItNow: true,
        }),
        link: `/listing/${listingId}`,
        listingId,
      })),
  ]);
}

/**
 * Tells the watchers of a listing that ended unsold that its seller listed it again, with a link
 * to the new listing; called in the transaction that creates the relist. Each watcher once per
 * relist (their watch of the old listing stays: it is their record of what they followed).
 */
export async function alertWatchersOfRelist(
  tx: Db,
  oldListingId: string,
  newListingId: string,
  title: string,
): Promise<void> {
  const watchers = await rows<{ user_id: string }>(
    tx,
    sql`select user_id from watchlist_items where listing_id = ${oldListingId}`,
  );
  await notify(
    tx,
    watchers.map((w) => ({
      userId: w.user_id,
      kind: "watched_item_relisted" as const,
      message: notificationText("watched_item_relisted", { title }),
      link: `/listing/${newListingId}`,
      listingId: newListingId,
    })),
  );
}
