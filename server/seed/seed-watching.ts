import { sql } from "drizzle-orm";
import type { SavedSearchQuery } from "../../core/contracts/watching";
import { notificationText } from "../../core/notifications";
import { canonicalQuery } from "../../core/saved-search-query";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { notifications } from "../db/schema/notifications";
import { savedSearches } from "../db/schema/watching";
import {
  describeFilters,
  matchingColumns,
  parseSavedQuery,
} from "../modules/watching/saved-search-query";

const HOUR = 3_600_000;

/** The demo sellers' stores: a name and a line about what they sell. */
const STORES: Record<string, { name: string; description: string }> = {
  marcus: {
    name: "Marcus Electronics",
    description: "Phones, laptops and sound systems, tested before they ship from Kingston.",
  },
  aaliyah: {
    name: "Aaliyah's Closet",
    description: "Resort wear, bags and shoes from Port of Spain, new and gently worn.",
  },
  desmond: {
    name: "Desmond's Garage",
    description: "Cars, parts and boat gear from Nassau; local pickup welcome.",
  },
  rafael: {
    name: "Casa Rafael",
    description: "Furniture and home decor from San Juan, shipped across the islands.",
  },
  marisol: {
    name: "Marisol Arte",
    description: "Paintings, prints and jewellery by artists from Santo Domingo.",
  },
  shanice: {
    name: "Shanice Sports",
    description: "Cricket, cycling and water sports gear from Bridgetown.",
  },
  natalia: {
    name: "Natalia's Pantry",
    description: "Hot sauces, spices and preserves made in small batches in Castries.",
  },
};

/** Each demo buyer's saved searches and the sellers they follow. */
const BUYERS: {
  username: string;
  searches: { name: string; query: SavedSearchQuery }[];
  follows: string[];
}[] = [
  {
    username: "keisha",
    searches: [
      { name: "Phones under $500", query: { category: "phones", maxPriceCents: "50000" } },
      { name: "Steel pan", query: { search: "steel pan" } },
    ],
    follows: ["marcus", "marisol"],
  },
  {
    username: "jeanluc",
    searches: [
      { name: "Paintings in auction", query: { category: "paintings", kind: "auction" } },
      { name: "Hot sauce", query: { search: "hot sauce", freeShipping: "true" } },
    ],
    follows: ["marisol", "natalia"],
  },
  {
    username: "devon",
    searches: [
      { name: "Cricket bats", query: { search: "cricket bat" } },
      { name: "Bikes in Barbados", query: { category: "cycling", territory: "barbados" } },
    ],
    follows: ["shanice", "desmond"],
  },
  {
    username: "kwame",
    searches: [
      { name: "Laptops", query: { category: "computers", condition: ["new", "like-new"] } },
      { name: "Wood carvings", query: { category: "wood-carvings" } },
    ],
    follows: ["marcus", "rafael"],
  },
  {
    username: "tamika",
    searches: [
      { name: "Handbags", query: { category: "bags" } },
      { name: "Jewellery under $100", query: { category: "jewelry", maxPriceCents: "10000" } },
    ],
    follows: ["aaliyah", "marisol"],
  },
];

/**
 * Demo watching data, run inside the seed's transaction after the listings and users: store names
 * for the sellers; for each buyer a watchlist of open listings (auctions ending first), two saved
 * searches and two followed sellers; and a few alerts already in their notification lists.
 */
export async function seedDemoWatching(tx: Db, now: Date): Promise<void> {
  for (const [username, store] of Object.entries(STORES))
    await tx.execute(
      sql`update users set store_name = ${store.name}, store_description = ${store.description}
          where username = ${username}`,
    );

  const alerts: (typeof notifications.$inferInsert)[] = [];
  for (const [index, buyer] of BUYERS.entries()) {
    const [user] = await rows<{ id: string }>(
      tx,
      sql`select id from users where username = ${buyer.username}`,
    );
    if (!user) continue;
    // Six open listings of others: auctions ending soonest first, then Buy It Now items, each
    // buyer from a different place in the list so the watchlists differ.
    const watched = await rows<{
      id: string;
      title: string;
      price: number;
      kind: string;
      end_time: Date | string | null;
    }>(
      tx,
      sql`select l.id, l.title, coalesce(a.current_bid_cents, l.price_cents) as price,
            l.kind::text as kind, a.end_time
          from listings l left join auction_settings a on a.listing_id = l.id
          where l.status = 'active' and l.seller_id <> ${user.id}
            and (a.end_time is null or a.end_time > ${now.toISOString()}::timestamptz)
          order by (a.end_time is null), a.end_time, l.created_at desc, l.id
          offset ${index * 3} limit 6`,
    );
    for (const [i, item] of watched.entries())
      await tx.execute(
        sql`insert into watchlist_items (user_id, listing_id, price_seen_cents, created_at)
            values (${user.id}, ${item.id}, ${item.price},
              ${new Date(now.getTime() - (i + 1) * 5 * HOUR).toISOString()}::timestamptz)`,
      );

    for (const [i, search] of buyer.searches.entries()) {
      const filters = parseSavedQuery(search.query);
      await tx.insert(savedSearches).values({
        userId: user.id,
        name: search.name,
        query: canonicalQuery(filters),
        description: await describeFilters(tx, filters),
        createdAt: new Date(now.getTime() - (10 - i) * 24 * HOUR),
        ...(await matchingColumns(tx, filters)),
      });
    }

    for (const seller of buyer.follows)
      await tx.execute(
        sql`insert into followed_sellers (user_id, seller_id)
            select ${user.id}, id from users where username = ${seller}`,
      );

    // The alerts they would have had by now: a watched auction already within its last hour
    // (told when the hour began; later ones are told by the job, live), and their first followed
    // seller's newest listing.
    for (const item of watched) {
      const told = item.end_time ? new Date(item.end_time).getTime() - HOUR : null;
      if (told === null || told > now.getTime()) continue;
      alerts.push({
        userId: user.id,
        kind: "watched_item_ending",
        message: notificationText("watched_item_ending", { title: item.title }),
        link: `/listing/${item.id}`,
        listingId: item.id,
        createdAt: new Date(told),
      });
    }
    const [newest] = await rows<{ id: string; title: string; seller: string }>(
      tx,
      sql`select l.id, l.title, u.username as seller from listings l join users u on u.id = l.seller_id
          where u.username = ${buyer.follows[0] ?? ""} and l.status = 'active'
          order by l.created_at desc limit 1`,
    );
    if (newest)
      alerts.push({
        userId: user.id,
        kind: "followed_seller_listed",
        message: notificationText("followed_seller_listed", {
          seller: newest.seller,
          title: newest.title,
        }),
        link: `/listing/${newest.id}`,
        listingId: newest.id,
        createdAt: new Date(now.getTime() - 6 * HOUR),
        readAt: new Date(now.getTime() - 5 * HOUR),
      });
  }
  if (alerts.length > 0) {
    await tx.insert(notifications).values(alerts);
    // The watch rows remember the ending notices as sent, so the job does not send them again.
    await tx.execute(
      sql`update watchlist_items w set ending_alerted_at = n.created_at
          from notifications n
          where n.kind = 'watched_item_ending' and n.user_id = w.user_id and n.listing_id = w.listing_id`,
    );
  }
}
