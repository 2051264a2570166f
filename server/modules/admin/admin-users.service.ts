import { type SQL, sql } from "drizzle-orm";
import { orderNumber } from "../../../core/cart";
import type {
  AdminReport,
  AdminUser,
  AdminUserDetail,
  StaffRole,
} from "../../../core/contracts/admin";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { notFound } from "../../errors";

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
 * The reports about a user (whatever was reported), latest first, in the queue's shape. Kept here
 * rather than borrowed from the reports queue so the user page needs nothing of that module.
 */
export async function reportsAboutUser(db: Db, userId: string): Promise<AdminReport[]> {
  const found = await rows<{
    id: string;
    subjectKind: "listing" | "user" | "conversation";
    listingId: string | null;
    conversationId: string | null;
    reason: string;
    comment: string;
    status: AdminReport["status"];
    resolution: AdminReport["resolution"];
    resolutionReason: string | null;
    createdAt: Date | string;
    resolvedAt: Date | string | null;
    reporterId: string;
    reporter: string;
    assigneeId: string | null;
    assignee: string | null;
    reportedId: string;
    reported: string;
    reportedStoreName: string | null;
    reportedSuspended: boolean;
    listingTitle: string | null;
    listingImage: string | null;
    listingPrice: number | null;
    listingStatus: string | null;
    listingModeration: string | null;
    participants: { id: string; username: string }[] | null;
    messages: { senderUsername: string; body: string; sentAt: string }[] | null;
  }>(
    db,
    sql`select r.id, r.subject_kind as "subjectKind", r.listing_id as "listingId",
          r.conversation_id as "conversationId", r.reason, r.comment, r.status, r.resolution,
          r.resolution_reason as "resolutionReason", r.created_at as "createdAt",
          r.resolved_at as "resolvedAt",
          rep.id as "reporterId", rep.username as reporter,
          asg.id as "assigneeId", asg.username as assignee,
          u.id as "reportedId", u.username as reported, u.store_name as "reportedStoreName",
          u.suspended_at is not null as "reportedSuspended",
          l.title as "listingTitle",
          (select li.thumb_url from listing_images li where li.listing_id = l.id
            order by li.position limit 1) as "listingImage",
          coalesce(la.current_bid_cents, l.price_cents) as "listingPrice",
          l.status::text as "listingStatus", l.moderation as "listingModeration",
          (select json_agg(json_build_object('id', p.id, 'username', p.username) order by p.username)
            from conversations c join users p on p.id in (c.user_a, c.user_b)
            where c.id = r.conversation_id) as participants,
          (select json_agg(m order by m."sentAt") from (
              select s.username as "senderUsername", msg.text as body,
                to_char(msg.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt"
              from messages msg join users s on s.id = msg.sender_id
              where msg.conversation_id = r.conversation_id
              order by msg.created_at desc limit 10) m) as messages
        from reports r
        join users rep on rep.id = r.reporter_id
        join users u on u.id = r.reported_user_id
        left join users asg on asg.id = r.assignee_id
        left join listings l on l.id = r.listing_id
        left join auction_settings la on la.listing_id = l.id
        where r.reported_user_id = ${userId}
        order by r.created_at desc, r.id
        limit ${DETAIL_ROWS}`,
  );
  return found.map((r) => {
    const reportedUser = { id: r.reportedId, username: r.reported };
    const subject: AdminReport["subject"] =
      r.subjectKind === "listing" && r.listingId
        ? {
            kind: "listing",
            id: r.listingId,
            title: r.listingTitle ?? "",
            imageUrl: r.listingImage,
            priceCents: r.listingPrice ?? 0,
            status: r.listingStatus ?? "",
            moderation: r.listingModeration ?? "visible",
            seller: reportedUser,
          }
        : r.subjectKind === "conversation" && r.conversationId
          ? {
              kind: "conversation",
              id: r.conversationId,
              participants: r.participants ?? [],
              messages: r.messages ?? [],
            }
          : {
              kind: "user",
              id: r.reportedId,
              username: r.reported,
              storeName: r.reportedStoreName,
              suspended: r.reportedSuspended,
            };
    return {
      id: r.id,
      subject,
      reportedUser,
      reason: r.reason,
      comment: r.comment,
      reporter: { id: r.reporterId, username: r.reporter },
      status: r.status,
      assignee: r.assigneeId && r.assignee ? { id: r.assigneeId, username: r.assignee } : null,
      resolution: r.resolution,
      resolutionReason: r.resolutionReason,
      createdAt: isoTime(r.createdAt),
      resolvedAt: r.resolvedAt ? isoTime(r.resolvedAt) : null,
    };
  });
}

/** A user with their latest listings, orders (as buyer), feedback received and reports about them. */
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
    comment: string;
    authorUsername: string;
    createdAt: Date | string;
  }>(
    db,
    sql`select f.id, f.rating, f.comment, a.username as "authorUsername", f.created_at as "createdAt"
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
    feedback: feedbackRows.map((f) => ({ ...f, createdAt: isoTime(f.createdAt) })),
    reports: await reportsAboutUser(db, userId),
  };
}
