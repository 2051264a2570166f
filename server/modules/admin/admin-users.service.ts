import { type SQL, sql } from "drizzle-orm";
import { orderNumber } from "../../../core/cart";
import type { AdminUser, AdminUserDetail, StaffRole } from "../../../core/contracts/admin";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { notFound } from "../../errors";
import { listApiTokensForStaff } from "../api-tokens/api-tokens.service";
import { reportsAboutUser } from "../moderation/reports.service";

/** How many of each of a user's things the detail page shows (the latest). */
const DETAIL_ROWS = 20;

interface UserRow {
  id: string;
  username: string;
  email: string;
  fullName: string;
  staffRole: StaffRole | null;
  suspendedAt: Date | string | null;
  suspensionReason: string | null;
  createdAt: Date | string;
  listingCount: number;
  orderCount: number;
  openReports: number;
}

/** `text` for ILIKE with its backslashes, % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const USER_COLUMNS = sql`u.id, u.username, u.email, u.full_name as "fullName",
  u.staff_role as "staffRole", u.suspended_at as "suspendedAt",
  u.suspension_reason as "suspensionReason", u.created_at as "createdAt",
  (select count(*)::int from listings l where l.seller_id = u.id) as "listingCount",
  (select count(*)::int from orders o where o.buyer_id = u.id) as "orderCount",
  (select count(*)::int from reports r where r.reported_user_id = u.id and r.status <> 'resolved')
    as "openReports"`;

function toAdminUser(r: UserRow): AdminUser {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    fullName: r.fullName,
    staffRole: r.staffRole,
    suspendedAt: r.suspendedAt ? isoTime(r.suspendedAt) : null,
    suspensionReason: r.suspensionReason,
    createdAt: isoTime(r.createdAt),
    listingCount: r.listingCount,
    orderCount: r.orderCount,
    openReports: r.openReports,
  };
}

/** Users whose email or username contains `q` (all when blank), newest first. */
export async function listAdminUsers(
  db: Db,
  query: { q: string; page: number; pageSize: number },
): Promise<{ items: AdminUser[]; total: number; page: number; pageSize: number }> {
  const like = likePattern(query.q);
  const where: SQL = query.q ? sql`(u.email ilike ${like} or u.username ilike ${like})` : sql`true`;
  const [count] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from users u where ${where}`,
  );
  const found = await rows<UserRow>(
    db,
    sql`select ${USER_COLUMNS} from users u where ${where}
        order by u.created_at desc, u.id
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return {
    items: found.map(toAdminUser),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One user as staff see them; 404 when there is none. */
export async function getAdminUser(db: Db, userId: string): Promise<AdminUser> {
  const [row] = await rows<UserRow>(
    db,
    sql`select ${USER_COLUMNS} from users u where u.id = ${userId}`,
  );
  if (!row) throw notFound("There is no such user.", ERROR_CODES.userNotFound);
  return toAdminUser(row);
}

/**
 * A user with their latest listings, orders (as buyer), feedback received, reports about them and
 * their API tokens.
 */
export async function getAdminUserDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const user = await getAdminUser(db, userId);
  const listingRows = await rows<{
    id: string;
    title: string;
    status: string;
    moderation: string;
    priceCents: number;
    createdAt: Date | string;
  }>(
    db,
    sql`select l.id, l.title, l.status::text as status, l.moderation,
          coalesce(a.current_bid_cents, l.price_cents) as "priceCents", l.created_at as "createdAt"
        from listings l left join auction_settings a on a.listing_id = l.id
        where l.seller_id = ${userId}
        order by l.created_at desc, l.id limit ${DETAIL_ROWS}`,
  );
  const orderRows = await rows<{
    id: string;
    status: string;
    totalCents: number;
    createdAt: Date | string;
  }>(
    db,
    sql`select o.id, o.status::text as status, o.total_cents as "totalCents",
          o.created_at as "createdAt"
        from orders o where o.buyer_id = ${userId}
        order by o.created_at desc, o.id limit ${DETAIL_ROWS}`,
  );
  const feedbackRows = await rows<{
    id: string;
    rating: string;
    stars: number | null;
    comment: string;
    authorUsername: string;
    createdAt: Date | string;
    removedAt: Date | string | null;
    removalReason: string | null;
  }>(
    db,
    sql`select f.id, f.rating, f.stars, f.comment, a.username as "authorUsername",
          f.created_at as "createdAt", f.removed_at as "removedAt", f.removal_reason as "removalReason"
        from feedback f join users a on a.id = f.author_id
        where f.subject_id = ${userId}
        order by f.created_at desc, f.id limit ${DETAIL_ROWS}`,
  );
  return {
    user,
    listings: listingRows.map((l) => ({ ...l, createdAt: isoTime(l.createdAt) })),
    orders: orderRows.map((o) => ({
      ...o,
      number: orderNumber(o.id),
      createdAt: isoTime(o.createdAt),
    })),
    feedback: feedbackRows.map((f) => ({
      ...f,
      createdAt: isoTime(f.createdAt),
      removedAt: f.removedAt ? isoTime(f.removedAt) : null,
    })),
    reports: await reportsAboutUser(db, userId, DETAIL_ROWS),
    apiTokens: await listApiTokensForStaff(db, userId),
  };
}
