import { sql } from "drizzle-orm";
import type {
  FollowedIds,
  FollowedSeller,
  FollowedSellerPage,
  UpdateFollow,
} from "../../../core/contracts/watching";
import { WATCH_MESSAGES } from "../../../core/contracts/watching";
import { ERROR_CODES } from "../../../core/errors";
import { MAX_FOLLOWED_SELLERS } from "../../../core/limits";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { notFound, ruleBroken } from "../../errors";
import { sellerRating } from "../listings/listings.service";
import { lockOwnerList } from "./owner-lists";

interface FollowRow {
  id: string;
  username: string;
  avatar_url: string | null;
  rating_total: number;
  rating_count: number;
  store_name: string | null;
  store_description: string | null;
  notifications_enabled: boolean;
  followed_at: Date | string;
}

const select = sql`select u.id, u.username, u.avatar_url, u.rating_total, u.rating_count,
    u.store_name, u.store_description, f.notifications_enabled, f.created_at as followed_at
  from followed_sellers f join users u on u.id = f.seller_id`;

function toFollowedSeller(r: FollowRow): FollowedSeller {
  return {
    seller: {
      id: r.id,
      username: r.username,
      avatarUrl: r.avatar_url,
      rating: sellerRating(r.rating_total, r.rating_count),
      ratingCount: r.rating_count,
      storeName: r.store_name ?? r.username,
      storeDescription: r.store_description,
    },
    notificationsEnabled: r.notifications_enabled,
    followedAt: isoTime(r.followed_at),
  };
}

const followNotFound = () => notFound("You don't follow this seller.", ERROR_CODES.followNotFound);

async function getFollow(db: Db, userId: string, sellerId: string): Promise<FollowedSeller> {
  const [row] = await rows<FollowRow>(
    db,
    sql`${select} where f.user_id = ${userId} and f.seller_id = ${sellerId}`,
  );
  if (!row) throw followNotFound();
  return toFollowedSeller(row);
}

/** Follows a seller (again: no change), within the per-user limit. */
export async function followSeller(
  db: Db,
  userId: string,
  sellerId: string,
): Promise<FollowedSeller> {
  if (sellerId === userId)
    throw ruleBroken(ERROR_CODES.cannotWatchOwn, WATCH_MESSAGES.cannotFollowSelf);
  return db.transaction(async (tx) => {
    const [seller] = await rows<{ id: string }>(
      tx,
      sql`select id from users where id = ${sellerId}`,
    );
    if (!seller) throw notFound("Seller not found.", ERROR_CODES.userNotFound);
    await lockOwnerList(tx, "followed-sellers", userId);
    const [existing] = await rows<{ n: number; mine: boolean }>(
      tx,
      sql`select count(*)::int as n, bool_or(seller_id = ${sellerId}) as mine
          from followed_sellers where user_id = ${userId}`,
    );
    if (!existing?.mine) {
      if ((existing?.n ?? 0) >= MAX_FOLLOWED_SELLERS)
        throw ruleBroken(ERROR_CODES.watchLimitReached, WATCH_MESSAGES.followsFull);
      await tx.execute(
        sql`insert into followed_sellers (user_id, seller_id) values (${userId}, ${sellerId})
            on conflict do nothing`,
      );
    }
    return getFollow(tx, userId, sellerId);
  });
}

export async function updateFollow(
  db: Db,
  userId: string,
  sellerId: string,
  patch: UpdateFollow,
): Promise<FollowedSeller> {
  const updated = await rows<{ seller_id: string }>(
    db,
    sql`update followed_sellers set notifications_enabled = ${patch.notificationsEnabled}
        where user_id = ${userId} and seller_id = ${sellerId} returning seller_id`,
  );
  if (updated.length === 0) throw followNotFound();
  return getFollow(db, userId, sellerId);
}

export async function unfollowSeller(db: Db, userId: string, sellerId: string): Promise<void> {
  const deleted = await rows<{ seller_id: string }>(
    db,
    sql`delete from followed_sellers where user_id = ${userId} and seller_id = ${sellerId}
        returning seller_id`,
  );
  if (deleted.length === 0) throw followNotFound();
}

export async function listFollowedSellers(
  db: Db,
  userId: string,
  q: { page: number; pageSize: number },
): Promise<FollowedSellerPage> {
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from followed_sellers where user_id = ${userId}`,
  );
  const page = await rows<FollowRow>(
    db,
    sql`${select} where f.user_id = ${userId} order by f.created_at desc, u.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    items: page.map(toFollowedSeller),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function followedIds(db: Db, userId: string): Promise<FollowedIds> {
  const found = await rows<{ seller_id: string }>(
    db,
    sql`select seller_id from followed_sellers where user_id = ${userId} order by created_at desc`,
  );
  return { ids: found.map((r) => r.seller_id) };
}
