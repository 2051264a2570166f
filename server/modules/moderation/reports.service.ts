import { type SQL, sql } from "drizzle-orm";
import type {
  AdminReport,
  CreateReport,
  ReportStatus,
  ResolveReport,
} from "../../../core/contracts/admin";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { conflict, notFound, ruleBroken } from "../../errors";
import { removeFeedbackIn } from "../feedback/feedback.service";
import { recordAdminAction } from "../staff/audit-log";
import type { Staff } from "../staff/staff.policy";
import { suspendUser, warnUser } from "../staff/user-moderation.service";
import { removeListing } from "./listing-moderation.service";
import { tellReporters } from "./report-outcome";

/** How many of a reported conversation's latest messages the queue shows. */
const CONVERSATION_MESSAGES = 10;

/**
 * Stores a user's report of a listing, a user or a feedback (about its author). Only what the public may see can be reported
 * (404 otherwise, as for any missing thing); not your own listing, not yourself (422). One open
 * report per reporter and subject: reporting it again answers the same report's id (201), so a
 * double click or a second visit adds nothing to the queue.
 */
export async function createReport(
  db: Db,
  reporterId: string,
  input: CreateReport,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    let reportedUserId: string;
    let listingId: string | null = null;
    let feedbackId: string | null = null;
    if (input.subjectKind === "feedback") {
      // Feedback the public can read: not removed by staff.
      const [found] = await rows<{ authorId: string }>(
        tx,
        sql`select author_id as "authorId" from feedback
            where id = ${input.subjectId} and removed_at is null`,
      );
      if (!found) throw notFound("Feedback not found.", ERROR_CODES.feedbackNotFound);
      if (found.authorId === reporterId)
        throw ruleBroken(ERROR_CODES.cannotReportOwn, "You cannot report your own feedback.");
      reportedUserId = found.authorId;
      feedbackId = input.subjectId;
    } else if (input.subjectKind === "listing") {
      const [listing] = await rows<{ sellerId: string }>(
        tx,
        sql`select seller_id as "sellerId" from listings
            where id = ${input.subjectId} and moderation = 'visible'`,
      );
      if (!listing) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
      if (listing.sellerId === reporterId)
        throw ruleBroken(ERROR_CODES.cannotReportOwn, "You cannot report your own listing.");
      reportedUserId = listing.sellerId;
      listingId = input.subjectId;
    } else {
      const [user] = await rows<{ id: string }>(
        tx,
        sql`select id from users where id = ${input.subjectId} and suspended_at is null`,
      );
      if (!user) throw notFound("User not found.", ERROR_CODES.userNotFound);
      if (user.id === reporterId)
        throw ruleBroken(ERROR_CODES.cannotReportOwn, "You cannot report yourself.");
      reportedUserId = user.id;
    }
    // One reporter's reports of one subject are taken one at a time, so two quick clicks cannot
    // both find no open report and both insert one.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('report:' || ${reporterId} || ':' || ${input.subjectId}))`,
    );
    const subject =
      feedbackId !== null
        ? sql`subject_kind = 'feedback' and feedback_id = ${feedbackId}`
        : listingId !== null
          ? sql`subject_kind = 'listing' and listing_id = ${listingId}`
          : sql`subject_kind = 'user' and reported_user_id = ${reportedUserId}`;
    const [open] = await rows<{ id: string }>(
      tx,
      sql`select id from reports where reporter_id = ${reporterId} and ${subject}
          and status <> 'resolved' limit 1`,
    );
    if (open) return { id: open.id };
    const [created] = await rows<{ id: string }>(
      tx,
      sql`insert into reports (subject_kind, listing_id, feedback_id, reported_user_id, reporter_id, reason, comment)
          values (${input.subjectKind}, ${listingId}, ${feedbackId}, ${reportedUserId}, ${reporterId},
            ${input.reason}, ${input.comment})
          returning id`,
    );
    if (!created) throw new Error("report insert returned nothing");
    return created;
  });
}

interface ReportRow {
  id: string;
  subjectKind: "listing" | "user" | "conversation" | "feedback";
  listingId: string | null;
  conversationId: string | null;
  feedbackId: string | null;
  feedbackRating: string | null;
  feedbackStars: number | null;
  feedbackComment: string | null;
  feedbackTitle: string | null;
  feedbackAboutId: string | null;
  feedbackAbout: string | null;
  feedbackRemoved: boolean | null;
  reason: string;
  comment: string;
  status: ReportStatus;
  resolution: AdminReport["resolution"];
  resolutionReason: string | null;
  createdAt: Date | string;
  resolvedAt: Date | string | null;
  reporterId: string;
  reporter: string;
  assigneeId: string | null;
  assignee: string | null;
  reportedId: string | null;
  reported: string | null;
  reportedStoreName: string | null;
  reportedSuspended: boolean | null;
  listingTitle: string | null;
  listingImage: string | null;
  listingPrice: number | null;
  listingStatus: string | null;
  listingModeration: string | null;
  listingSellerId: string | null;
  listingSeller: string | null;
}

const selectReport = sql`select r.id, r.subject_kind as "subjectKind", r.listing_id as "listingId",
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
    s.id as "listingSellerId", s.username as "listingSeller",
    r.feedback_id as "feedbackId", fb.rating as "feedbackRating", fb.stars as "feedbackStars",
    fb.comment as "feedbackComment", fol.title as "feedbackTitle",
    fab.id as "feedbackAboutId", fab.username as "feedbackAbout",
    fb.removed_at is not null as "feedbackRemoved"
  from reports r
  join users rep on rep.id = r.reporter_id
  left join users u on u.id = r.reported_user_id
  left join users asg on asg.id = r.assignee_id
  left join listings l on l.id = r.listing_id
  left join users s on s.id = l.seller_id
  left join auction_settings la on la.listing_id = l.id
  left join feedback fb on fb.id = r.feedback_id
  left join order_lines fol on fol.id = fb.order_line_id
  left join users fab on fab.id = fb.subject_id`;

interface ConversationView {
  participants: { id: string; username: string }[];
  messages: { senderUsername: string; body: string; sentAt: string }[];
}

/**
 * The participants and latest messages of reported conversations, for staff only: a report is
 * the one reason anyone but the two participants reads a conversation.
 */
async function conversationViews(db: Db, ids: string[]): Promise<Map<string, ConversationView>> {
  const views = new Map<string, ConversationView>();
  for (const id of new Set(ids)) {
    const participants = await rows<{ id: string; username: string }>(
      db,
      sql`select p.id, p.username from conversations c join users p on p.id in (c.user_a, c.user_b)
          where c.id = ${id} order by p.username`,
    );
    const latest = await rows<{ senderUsername: string; body: string; sentAt: Date | string }>(
      db,
      sql`select s.username as "senderUsername", m.text as body, m.created_at as "sentAt"
          from messages m join users s on s.id = m.sender_id
          where m.conversation_id = ${id}
          order by m.created_at desc, m.id desc limit ${CONVERSATION_MESSAGES}`,
    );
    views.set(id, {
      participants,
      messages: latest.reverse().map((m) => ({ ...m, sentAt: isoTime(m.sentAt) })),
    });
  }
  return views;
}

async function toReports(db: Db, found: ReportRow[]): Promise<AdminReport[]> {
  const conversations = await conversationViews(
    db,
    found.flatMap((r) => (r.conversationId ? [r.conversationId] : [])),
  );
  return found.map((r) => {
    const reportedUser =
      r.reportedId && r.reported ? { id: r.reportedId, username: r.reported } : null;
    let subject: AdminReport["subject"];
    if (r.subjectKind === "listing" && r.listingId) {
      subject = {
        kind: "listing",
        id: r.listingId,
        title: r.listingTitle ?? "",
        imageUrl: r.listingImage,
        priceCents: Number(r.listingPrice ?? 0),
        status: r.listingStatus ?? "",
        moderation: r.listingModeration ?? "visible",
        seller: { id: r.listingSellerId ?? "", username: r.listingSeller ?? "" },
      };
    } else if (r.subjectKind === "feedback" && r.feedbackId) {
      subject = {
        kind: "feedback",
        id: r.feedbackId,
        rating: r.feedbackRating ?? "",
        stars: r.feedbackStars,
        comment: r.feedbackComment ?? "",
        title: r.feedbackTitle ?? "",
        author: reportedUser ?? { id: "", username: "" },
        about: { id: r.feedbackAboutId ?? "", username: r.feedbackAbout ?? "" },
        removed: r.feedbackRemoved ?? false,
      };
    } else if (r.subjectKind === "conversation" && r.conversationId) {
      const view = conversations.get(r.conversationId);
      subject = {
        kind: "conversation",
        id: r.conversationId,
        participants: view?.participants ?? [],
        messages: view?.messages ?? [],
      };
    } else {
      subject = {
        kind: "user",
        id: r.reportedId ?? "",
        username: r.reported ?? "",
        storeName: r.reportedStoreName,
        suspended: r.reportedSuspended ?? false,
      };
    }
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

/**
 * The queue: open and assigned reports oldest first (the longest waiting on top), resolved ones
 * newest first.
 */
export async function listReports(
  db: Db,
  q: { status: ReportStatus; page: number; pageSize: number },
): Promise<{ items: AdminReport[]; total: number; page: number; pageSize: number }> {
  const order: SQL =
    q.status === "resolved" ? sql`r.resolved_at desc, r.id` : sql`r.created_at asc, r.id`;
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reports where status = ${q.status}`,
  );
  const found = await rows<ReportRow>(
    db,
    sql`${selectReport} where r.status = ${q.status} order by ${order}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    items: await toReports(db, found),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The latest reports about a user, whatever was reported (the admin area's user page). */
export async function reportsAboutUser(
  db: Db,
  userId: string,
  limit: number,
): Promise<AdminReport[]> {
  const found = await rows<ReportRow>(
    db,
    sql`${selectReport} where r.reported_user_id = ${userId}
        order by r.created_at desc, r.id limit ${limit}`,
  );
  return toReports(db, found);
}

export async function getReport(db: Db, id: string): Promise<AdminReport> {
  const [row] = await rows<ReportRow>(db, sql`${selectReport} where r.id = ${id}`);
  if (!row) throw notFound("Report not found.", ERROR_CODES.reportNotFound);
  const [report] = await toReports(db, [row]);
  if (!report) throw new Error("report vanished");
  return report;
}

interface LockedReport {
  id: string;
  subjectKind: "listing" | "user" | "conversation" | "feedback";
  listingId: string | null;
  feedbackId: string | null;
  reportedUserId: string | null;
  status: ReportStatus;
  assigneeId: string | null;
}

async function lockReport(tx: Db, id: string): Promise<LockedReport> {
  const [row] = await rows<LockedReport>(
    tx,
    sql`select id, subject_kind as "subjectKind", listing_id as "listingId", feedback_id as "feedbackId",
          reported_user_id as "reportedUserId", status, assignee_id as "assigneeId"
        from reports where id = ${id} for update`,
  );
  if (!row) throw notFound("Report not found.", ERROR_CODES.reportNotFound);
  if (row.status === "resolved")
    throw conflict("This report is already resolved.", ERROR_CODES.reportResolved);
  return row;
}

/** Takes a report: it is assigned to the caller (taking it over from anyone who had it). */
export async function assignReport(db: Db, actor: Staff, id: string): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    const before = await lockReport(tx, id);
    await tx.execute(
      sql`update reports set status = 'assigned', assignee_id = ${actor.id} where id = ${id}`,
    );
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: "report.assign",
      subjectKind: "report",
      subjectId: id,
      reason: `Assigned to ${actor.username}.`,
      before: { status: before.status, assigneeId: before.assigneeId },
      after: { status: "assigned", assigneeId: actor.id },
    });
    return getReport(tx, id);
  });
}

/**
 * Resolves a report with one action, in one transaction with the action itself: dismiss;
 * remove_listing (a listing's report; every other open report on it is resolved too);
 * remove_feedback (a feedback's report: removeFeedback, with the report's reason);
 * warn_user and suspend_user act on the user the report is about (admin's user moderation
 * functions, which record their own audit entries and tell the user). The reporter hears that it
 * was reviewed and whether action was taken, not what was done to whom.
 */
export async function resolveReport(
  db: Db,
  actor: Staff,
  id: string,
  input: ResolveReport,
): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    const before = await lockReport(tx, id);
    switch (input.action) {
      case "dismiss":
        break;
      case "remove_listing": {
        if (before.subjectKind !== "listing" || !before.listingId)
          throw ruleBroken(
            ERROR_CODES.reportActionInvalid,
            "Only a listing's report can remove a listing.",
          );
        const [listing] = await rows<{ moderation: string }>(
          tx,
          sql`select moderation from listings where id = ${before.listingId}`,
        );
        // Removed already (by another report or from the listings page): this report just closes.
        if (listing && listing.moderation !== "removed")
          await removeListing(tx, actor, before.listingId, input.reason);
        break;
      }
      case "remove_feedback": {
        if (before.subjectKind !== "feedback" || !before.feedbackId)
          throw ruleBroken(
            ERROR_CODES.reportActionInvalid,
            "Only a feedback's report can remove feedback.",
          );
        const [found] = await rows<{ removed: boolean }>(
          tx,
          sql`select removed_at is not null as removed from feedback where id = ${before.feedbackId}`,
        );
        // Removed already (by another report or from the user's page): this report just closes.
        if (found && !found.removed)
          await removeFeedbackIn(tx, actor, before.feedbackId, input.reason);
        break;
      }
      case "warn_user":
      case "suspend_user": {
        if (!before.reportedUserId)
          throw ruleBroken(ERROR_CODES.reportActionInvalid, "This report names no user.");
        if (input.action === "warn_user")
          await warnUser(tx, actor, before.reportedUserId, input.reason);
        else await suspendUser(tx, actor, before.reportedUserId, input.reason);
        break;
      }
    }
    // removeListing resolved it already with the rest of the listing's reports.
    const [resolved] = await rows<{ id: string }>(
      tx,
      sql`update reports set status = 'resolved', resolution = ${input.action},
            resolution_reason = ${input.reason}, resolved_by_id = ${actor.id}, resolved_at = now()
          where id = ${id} and status <> 'resolved' returning id`,
    );
    if (resolved) await tellReporters(tx, [id]);
    if (resolved)
      await recordAdminAction(tx, {
        actorId: actor.id,
        action: "report.resolve",
        subjectKind: "report",
        subjectId: id,
        reason: input.reason,
        before: { status: before.status, assigneeId: before.assigneeId },
        after: { status: "resolved", resolution: input.action },
      });
    return getReport(tx, id);
  });
}
