import { sql } from "drizzle-orm";
import {
  DETAILED_RATINGS,
  DETAILED_RATINGS_MINIMUM,
  FEEDBACK_PROFILE_MONTHS,
  FEEDBACK_RATING_LABELS,
  FEEDBACK_REVISION_DAYS,
  FEEDBACK_WINDOW_DAYS,
  type FeedbackProfile,
  type FeedbackRating,
  type LeaveFeedbackInput,
  type LineFeedback,
  leaveFeedbackSchema,
  maskName,
  type ReceivedFeedbackPage,
  type ReviseFeedbackInput,
  removeFeedbackSchema,
  reviseFeedbackSchema,
  revisionRequestSchema,
} from "../../../core/contracts/feedback";
import { ERROR_CODES } from "../../../core/errors";
import { notificationText } from "../../../core/notifications";
import { orderLink } from "../../../core/order-links";
import type { Db } from "../../db/client";
import { isoTime, rows, uuidList } from "../../db/rows";
import { badRequest, conflict, notFound, ruleBroken } from "../../errors";
import { sellerRating } from "../listings/listings.service";
import { notify } from "../notifications/notifications.service";
import { recordAdminAction } from "../staff/audit-log";
import type { Staff } from "../staff/staff.policy";
import {
  assertSubjectOf,
  type FeedbackRole,
  feedbackRoleOn,
  reviserOf,
  revisionAskerOf,
} from "./feedback.policy";

interface FeedbackRow {
  id: string;
  rating: FeedbackRating;
  stars: number | null;
  comment: string;
  reply: string | null;
  createdAt: Date | string;
  revisedAt: Date | string | null;
  removedAt: Date | string | null;
  requestedAt: Date | string | null;
  requestMessage: string | null;
  revisableUntil: Date | string | null;
  canRequestRevision: boolean;
  canRevise: boolean;
}

const REVISION_DAYS = sql`make_interval(days => ${FEEDBACK_REVISION_DAYS})`;

/**
 * One feedback's fields with its revision request (`rr`, left-joined by the caller). Both 30-day
 * windows are read by the database's clock, as the 60-day feedback window is.
 */
const feedbackColumns = sql`f.id, f.rating, f.stars, f.comment, f.reply, f.created_at as "createdAt",
  f.revised_at as "revisedAt", f.removed_at as "removedAt",
  rr.created_at as "requestedAt", rr.message as "requestMessage",
  rr.created_at + ${REVISION_DAYS} as "revisableUntil",
  (f.author_role = 'buyer' and f.removed_at is null and f.rating <> 'positive' and rr.id is null
    and f.created_at > now() - ${REVISION_DAYS}) as "canRequestRevision",
  (rr.id is not null and rr.revised_at is null and f.removed_at is null
    and rr.created_at > now() - ${REVISION_DAYS}) as "canRevise"`;

const withRevision = sql`left join feedback_revision_requests rr on rr.feedback_id = f.id`;

function toLineFeedback(r: FeedbackRow): LineFeedback {
  return {
    id: r.id,
    rating: r.rating,
    stars: r.stars,
    comment: r.comment,
    reply: r.reply,
    createdAt: isoTime(r.createdAt),
    revisedAt: r.revisedAt ? isoTime(r.revisedAt) : null,
    removedAt: r.removedAt ? isoTime(r.removedAt) : null,
    revisionRequest:
      r.requestedAt && r.revisableUntil
        ? {
            requestedAt: isoTime(r.requestedAt),
            message: r.requestMessage ?? "",
            revisableUntil: isoTime(r.revisableUntil),
          }
        : null,
    canRequestRevision: Boolean(r.canRequestRevision),
    canRevise: Boolean(r.canRevise),
  };
}

/** One feedback as its parties see it, read after a change (inside the change's transaction). */
async function readLineFeedback(db: Db, feedbackId: string): Promise<LineFeedback> {
  const [found] = await rows<FeedbackRow>(
    db,
    sql`select ${feedbackColumns} from feedback f ${withRevision} where f.id = ${feedbackId}`,
  );
  if (!found) throw notFound("Feedback not found.", ERROR_CODES.feedbackNotFound);
  return toLineFeedback(found);
}

/** Whether the order was paid recently enough for feedback, by the database's clock. */
const inWindow = sql`(o.status = 'paid' and o.paid_at > now() - make_interval(days => ${FEEDBACK_WINDOW_DAYS}))`;

export interface LineFeedbackState {
  /** The buyer's feedback about the seller. */
  buyer: LineFeedback | null;
  /** The seller's feedback about the buyer. */
  seller: LineFeedback | null;
  /** Paid, and within the feedback window. */
  open: boolean;
}

/**
 * Both sides' feedback on each of the order lines, and whether the window is open, for Purchase
 * History and /my/selling (one query for a page of lines).
 */
export async function feedbackOnLines(
  db: Db,
  lineIds: readonly string[],
): Promise<Map<string, LineFeedbackState>> {
  const states = new Map<string, LineFeedbackState>();
  if (lineIds.length === 0) return states;
  const found = await rows<
    { lineId: string; open: boolean; authorRole: FeedbackRole | null } & FeedbackRow
  >(
    db,
    sql`select ol.id as "lineId", ${inWindow} as open, f.author_role as "authorRole", ${feedbackColumns}
        from order_lines ol join orders o on o.id = ol.order_id
        left join feedback f on f.order_line_id = ol.id
        ${withRevision}
        where ol.id in (${uuidList(lineIds)})`,
  );
  for (const r of found) {
    const state = states.get(r.lineId) ?? { buyer: null, seller: null, open: r.open };
    if (r.authorRole) state[r.authorRole] = toLineFeedback(r);
    states.set(r.lineId, state);
  }
  return states;
}

/**
 * A seller may not answer a case Tradewinds decided for the buyer with negative (or neutral)
 * feedback about that buyer for that order (decision 0023): the decision stands on its own.
 */
async function refuseCounterAfterCase(
  tx: Db,
  orderId: string,
  sellerId: string,
  rating: string,
): Promise<void> {
  if (rating === "positive") return;
  const [decided] = await rows<{ id: string }>(
    tx,
    sql`select id from after_sale_requests where order_id = ${orderId} and seller_id = ${sellerId}
          and decision in ('refund_full', 'refund_partial') limit 1`,
  );
  if (decided)
    throw ruleBroken(
      ERROR_CODES.feedbackAfterCase,
      "Tradewinds decided a case about this order in the buyer's favour, so you can't leave them negative feedback for it.",
    );
}

/**
 * Leaves the caller's feedback on an order line: the buyer's about the seller (a rating, 1-5 stars
 * and a comment) or the seller's about the buyer (positive only, no stars). Once per side (409),
 * within 60 days of payment (422). The buyer's stars go into the seller's rating in the same
 * transaction, and the person it is about is notified.
 */
export async function leaveFeedback(
  db: Db,
  userId: string,
  orderId: string,
  lineId: string,
  input: LeaveFeedbackInput,
): Promise<LineFeedback> {
  const { rating, stars, comment, detailed } = leaveFeedbackSchema.parse(input);
  return db.transaction(async (tx) => {
    const [line] = await rows<{
      buyerId: string;
      sellerId: string;
      status: string;
      inWindow: boolean;
      authorName: string;
    }>(
      tx,
      sql`select o.buyer_id as "buyerId", ol.seller_id as "sellerId", o.status::text as status,
            ${inWindow} as "inWindow", u.username as "authorName"
          from order_lines ol join orders o on o.id = ol.order_id
          join users u on u.id = ${userId}
          where ol.id = ${lineId} and ol.order_id = ${orderId}`,
    );
    const role = feedbackRoleOn(line, userId);
    if (!line) throw notFound("Order line not found.", ERROR_CODES.orderLineNotFound);
    if (role === "buyer" && stars === undefined)
      throw badRequest("Choose from 1 to 5 stars.", { stars: "Choose from 1 to 5 stars." });
    if (role === "seller") await refuseCounterAfterCase(tx, orderId, userId, rating);
    if (role === "seller" && rating !== "positive")
      throw ruleBroken(
        ERROR_CODES.feedbackPositiveOnly,
        "Sellers can leave buyers positive feedback only.",
      );
    const subjectId = role === "buyer" ? line.sellerId : line.buyerId;
    // Detailed ratings are the buyer's about the seller; a seller's feedback carries none.
    const dsr = (key: (typeof DETAILED_RATINGS)[number]) =>
      role === "buyer" ? (detailed?.[key] ?? null) : null;
    const [created] = await rows<{ id: string }>(
      tx,
      sql`insert into feedback as f (order_line_id, author_role, author_id, subject_id, rating, stars, comment,
            described_stars, communication_stars, shipping_time_stars, shipping_cost_stars)
          values (${lineId}, ${role}, ${userId}, ${subjectId}, ${rating},
            ${role === "buyer" ? (stars ?? null) : null}, ${comment},
            ${dsr("described")}, ${dsr("communication")}, ${dsr("shippingTime")}, ${dsr("shippingCost")})
          on conflict (order_line_id, author_role) do nothing
          returning f.id`,
    );
    if (!created)
      throw conflict(
        "You have already left feedback for this item.",
        ERROR_CODES.feedbackAlreadyLeft,
      );
    // Only buyers' stars make a seller's rating; an increment stays right under concurrent feedback.
    if (role === "buyer")
      await tx.execute(
        sql`update users set rating_total = rating_total + ${stars ?? 0}, rating_count = rating_count + 1
            where id = ${subjectId}`,
      );
    await notify(tx, [
      {
        userId: subjectId,
        kind: "feedback_received",
        message: notificationText("feedback_received", { from: line.authorName }),
        link: orderLink(orderId),
        orderId,
      },
    ]);
    return readLineFeedback(tx, created.id);
  });
}

/** The one reply of the person feedback is about (404 to anyone else, 409 the second time). */
export async function replyToFeedback(
  db: Db,
  userId: string,
  feedbackId: string,
  reply: string,
): Promise<LineFeedback> {
  return db.transaction(async (tx) => {
    const [found] = await rows<{ subjectId: string }>(
      tx,
      sql`select subject_id as "subjectId" from feedback where id = ${feedbackId} and removed_at is null`,
    );
    assertSubjectOf(found, userId);
    const [updated] = await rows<{ id: string }>(
      tx,
      sql`update feedback f set reply = ${reply}, replied_at = now()
          where f.id = ${feedbackId} and f.reply is null and f.removed_at is null
          returning f.id`,
    );
    if (!updated)
      throw conflict(
        "You have already replied to this feedback.",
        ERROR_CODES.feedbackAlreadyReplied,
      );
    return readLineFeedback(tx, updated.id);
  });
}

/**
 * Feedback a user has received, newest first: from buyers (about them as a seller) or from sellers
 * (about them as a buyer). Authors are masked ("k***a") except to themselves.
 */
export async function listReceivedFeedback(
  db: Db,
  viewerId: string | null,
  userId: string,
  from: "buyers" | "sellers",
  page: number,
  pageSize: number,
): Promise<ReceivedFeedbackPage> {
  const [user] = await rows<{ id: string }>(db, sql`select id from users where id = ${userId}`);
  if (!user) throw notFound("User not found.", ERROR_CODES.userNotFound);
  const role = from === "buyers" ? "buyer" : "seller";
  const found = await rows<
    FeedbackRow & {
      authorId: string;
      authorName: string;
      authorCount: number;
      listingId: string;
      title: string;
      repliedAt: Date | string | null;
      total: number;
    }
  >(
    db,
    sql`select ${feedbackColumns}, f.replied_at as "repliedAt", f.author_id as "authorId",
          a.username as "authorName",
          (select count(*)::int from feedback af
            where af.subject_id = f.author_id and af.removed_at is null) as "authorCount",
          ol.listing_id as "listingId", ol.title, count(*) over ()::int as total
        from feedback f join users a on a.id = f.author_id join order_lines ol on ol.id = f.order_line_id
        ${withRevision}
        where f.subject_id = ${userId} and f.author_role = ${role} and f.removed_at is null
        order by f.created_at desc, f.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page > 1) {
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from feedback
          where subject_id = ${userId} and author_role = ${role} and removed_at is null`,
    );
    total = count?.n ?? 0;
  }
  return {
    items: found.map((r) => ({
      id: r.id,
      rating: r.rating,
      stars: r.stars,
      comment: r.comment,
      reply: r.reply,
      createdAt: isoTime(r.createdAt),
      revisedAt: r.revisedAt ? isoTime(r.revisedAt) : null,
      repliedAt: r.repliedAt ? isoTime(r.repliedAt) : null,
      author: {
        name: r.authorId === viewerId ? r.authorName : maskName(r.authorName),
        feedbackCount: r.authorCount,
      },
      item: { listingId: r.listingId, title: r.title },
    })),
    total,
    page,
    pageSize,
  };
}

/** An order line's feedback fields as its buyer sees them (Purchase History). */
export function buyerFeedbackOf(state: LineFeedbackState | undefined, lineId: string) {
  return {
    lineId,
    feedback: state?.buyer ?? null,
    canLeaveFeedback: Boolean(state?.open && !state.buyer),
  };
}

/** A sold line's feedback fields as its seller sees them (/my/selling). */
export function sellerFeedbackOf(state: LineFeedbackState | undefined, lineId: string) {
  return {
    lineId,
    feedbackFromBuyer: state?.buyer ?? null,
    feedbackToBuyer: state?.seller ?? null,
    canLeaveFeedback: Boolean(state?.open && !state.seller),
  };
}

interface LockedFeedback {
  id: string;
  authorRole: FeedbackRole;
  authorId: string;
  subjectId: string;
  rating: FeedbackRating;
  stars: number | null;
  comment: string;
  createdAt: Date | string;
  removedAt: Date | string | null;
  orderId: string;
  title: string;
  /** Left within FEEDBACK_REVISION_DAYS (by the database's clock). */
  recent: boolean;
  requestId: string | null;
  requestRevisedAt: Date | string | null;
  /** The revision request was made within FEEDBACK_REVISION_DAYS. */
  requestOpen: boolean;
}

/** One feedback and its revision request, locked for a change (null when there is none). */
async function lockFeedback(tx: Db, feedbackId: string): Promise<LockedFeedback | undefined> {
  const [found] = await rows<LockedFeedback>(
    tx,
    sql`select f.id, f.author_role as "authorRole", f.author_id as "authorId",
          f.subject_id as "subjectId", f.rating, f.stars, f.comment, f.created_at as "createdAt",
          f.removed_at as "removedAt", ol.order_id as "orderId", ol.title,
          f.created_at > now() - ${REVISION_DAYS} as recent,
          rr.id as "requestId", rr.revised_at as "requestRevisedAt",
          coalesce(rr.created_at > now() - ${REVISION_DAYS}, false) as "requestOpen"
        from feedback f join order_lines ol on ol.id = f.order_line_id
        ${withRevision}
        where f.id = ${feedbackId}
        for update of f`,
  );
  return found;
}

const usernameOf = async (tx: Db, userId: string) =>
  (await rows<{ username: string }>(tx, sql`select username from users where id = ${userId}`))[0]
    ?.username ?? "";

/**
 * The seller asks the buyer to revise neutral or negative feedback about them, once, within 30
 * days of it, with an optional message. 404 to anyone but the feedback's two parties, 403 to its
 * buyer. The buyer is told (bell, live, email by preference) with a link to the order.
 */
export async function requestFeedbackRevision(
  db: Db,
  userId: string,
  feedbackId: string,
  input: { message?: string },
): Promise<LineFeedback> {
  const { message } = revisionRequestSchema.parse(input);
  return db.transaction(async (tx) => {
    const found = await lockFeedback(tx, feedbackId);
    revisionAskerOf(found, userId);
    if (found.removedAt)
      throw ruleBroken(ERROR_CODES.feedbackRemoved, "This feedback was removed by our staff.");
    if (found.rating === "positive")
      throw ruleBroken(
        ERROR_CODES.feedbackRevisionNotNeeded,
        "Only neutral or negative feedback can be revised.",
      );
    if (found.requestId)
      throw conflict(
        "You have already asked for a revision of this feedback; you can ask once.",
        ERROR_CODES.feedbackRevisionAlreadyRequested,
      );
    if (!found.recent)
      throw ruleBroken(
        ERROR_CODES.feedbackRevisionRequestClosed,
        `You can ask for a revision within ${FEEDBACK_REVISION_DAYS} days of the feedback; this feedback was left longer ago.`,
      );
    await tx.execute(
      sql`insert into feedback_revision_requests (feedback_id, seller_id, message)
          values (${feedbackId}, ${userId}, ${message})`,
    );
    await notify(tx, [
      {
        userId: found.authorId,
        kind: "feedback_revision_requested",
        message: notificationText("feedback_revision_requested", {
          seller: await usernameOf(tx, userId),
          title: found.title,
          days: FEEDBACK_REVISION_DAYS,
        }),
        link: orderLink(found.orderId),
        orderId: found.orderId,
      },
    ]);
    return readLineFeedback(tx, feedbackId);
  });
}

/**
 * The buyer's one revision of their feedback, when the seller has asked and within 30 days of the
 * asking: a new rating, stars and comment. The seller's rating moves by the difference of the
 * stars in the same transaction; the replaced rating is kept on the request for the timeline.
 * 404 to anyone but the two parties, 403 to the seller.
 */
export async function reviseFeedback(
  db: Db,
  userId: string,
  feedbackId: string,
  input: ReviseFeedbackInput,
): Promise<LineFeedback> {
  const { rating, stars, comment } = reviseFeedbackSchema.parse(input);
  return db.transaction(async (tx) => {
    const found = await lockFeedback(tx, feedbackId);
    reviserOf(found, userId);
    if (found.removedAt)
      throw ruleBroken(ERROR_CODES.feedbackRemoved, "This feedback was removed by our staff.");
    if (!found.requestId)
      throw ruleBroken(
        ERROR_CODES.feedbackRevisionNotRequested,
        "You can revise feedback only when the seller asks you to.",
      );
    if (found.requestRevisedAt)
      throw conflict(
        "You have already revised this feedback; feedback can be revised once.",
        ERROR_CODES.feedbackAlreadyRevised,
      );
    if (!found.requestOpen)
      throw ruleBroken(
        ERROR_CODES.feedbackRevisionExpired,
        `The seller asked more than ${FEEDBACK_REVISION_DAYS} days ago, so this feedback can no longer be revised.`,
      );
    await tx.execute(
      sql`update feedback_revision_requests set revised_at = now(), previous_rating = ${found.rating},
            previous_stars = ${found.stars}, previous_comment = ${found.comment}
          where id = ${found.requestId}`,
    );
    await tx.execute(
      sql`update feedback set rating = ${rating}, stars = ${stars}, comment = ${comment}, revised_at = now()
          where id = ${feedbackId}`,
    );
    // The feedback still counts once; only its stars change.
    await tx.execute(
      sql`update users set rating_total = rating_total + ${stars - (found.stars ?? 0)}
          where id = ${found.subjectId}`,
    );
    await notify(tx, [
      {
        userId: found.subjectId,
        kind: "feedback_revised",
        message: notificationText("feedback_revised", {
          buyer: await usernameOf(tx, userId),
          title: found.title,
          rating: FEEDBACK_RATING_LABELS[rating].toLowerCase(),
        }),
        link: orderLink(found.orderId),
        orderId: found.orderId,
      },
    ]);
    return readLineFeedback(tx, feedbackId);
  });
}

/**
 * Staff remove feedback that breaks policy, with a reason: it stops counting in the seller's
 * rating (same transaction) and in every figure of the profile, leaves the public lists, and the
 * audit log records it. Both parties are told. 404 for an unknown id, 409 when already removed.
 */
export async function removeFeedback(
  db: Db,
  staff: Staff,
  feedbackId: string,
  input: { reason: string },
): Promise<LineFeedback> {
  const { reason } = removeFeedbackSchema.parse(input);
  return db.transaction((tx) => removeFeedbackIn(tx, staff, feedbackId, reason));
}

/**
 * removeFeedback inside the caller's transaction (a report resolved by removing the feedback it is
 * about): the same checks, figures, audit entry and notices.
 */
export async function removeFeedbackIn(
  tx: Db,
  staff: Staff,
  feedbackId: string,
  reason: string,
): Promise<LineFeedback> {
  {
    const found = await lockFeedback(tx, feedbackId);
    if (!found) throw notFound("Feedback not found.", ERROR_CODES.feedbackNotFound);
    if (found.removedAt)
      throw conflict("This feedback was already removed.", ERROR_CODES.feedbackRemoved);
    await tx.execute(
      sql`update feedback set removed_at = now(), removed_by = ${staff.id}, removal_reason = ${reason}
          where id = ${feedbackId}`,
    );
    if (found.authorRole === "buyer")
      await tx.execute(
        sql`update users set rating_total = rating_total - ${found.stars ?? 0}, rating_count = rating_count - 1
            where id = ${found.subjectId}`,
      );
    await recordAdminAction(tx, {
      actorId: staff.id,
      action: "feedback.remove",
      subjectKind: "feedback",
      subjectId: feedbackId,
      reason,
      before: { rating: found.rating, stars: found.stars, comment: found.comment },
      after: { removed: true },
    });
    await notify(
      tx,
      [true, false].map((author) => ({
        userId: author ? found.authorId : found.subjectId,
        kind: "feedback_removed" as const,
        message: notificationText("feedback_removed", { title: found.title, reason, author }),
        link: orderLink(found.orderId),
        orderId: found.orderId,
      })),
    );
    return readLineFeedback(tx, feedbackId);
  }
}

/**
 * A seller's feedback profile (see feedbackProfileSchema): buyers' feedback not removed, counted
 * by the date it was left with its current rating; windows by the database's clock.
 */
export async function getFeedbackProfile(db: Db, userId: string): Promise<FeedbackProfile> {
  const [user] = await rows<{ ratingTotal: number; ratingCount: number }>(
    db,
    sql`select rating_total as "ratingTotal", rating_count as "ratingCount" from users where id = ${userId}`,
  );
  if (!user) throw notFound("User not found.", ERROR_CODES.userNotFound);
  const ratingWindows = FEEDBACK_PROFILE_MONTHS.flatMap((months) =>
    (["positive", "neutral", "negative"] as const).map(
      (rating) =>
        sql`count(*) filter (where f.rating = ${rating}
          and f.created_at > now() - make_interval(months => ${months}))::int
          as ${sql.identifier(`${rating}${months}`)}`,
    ),
  );
  const columns = ["described", "communication", "shipping_time", "shipping_cost"].map(
    (c) =>
      sql`avg(f.${sql.identifier(`${c}_stars`)})::float8 as ${sql.identifier(`${c}_avg`)},
        count(f.${sql.identifier(`${c}_stars`)})::int as ${sql.identifier(`${c}_count`)}`,
  );
  const year = Math.max(...FEEDBACK_PROFILE_MONTHS);
  const [row = {}] = await rows<Record<string, number | null>>(
    db,
    sql`select ${sql.join(ratingWindows, sql`, `)}, ${sql.join(columns, sql`, `)}
        from feedback f
        where f.subject_id = ${userId} and f.author_role = 'buyer' and f.removed_at is null
          and f.created_at > now() - make_interval(months => ${year})`,
  );
  const num = (key: string) => Number(row[key] ?? 0);
  const counts = FEEDBACK_PROFILE_MONTHS.map((months) => ({
    months,
    positive: num(`positive${months}`),
    neutral: num(`neutral${months}`),
    negative: num(`negative${months}`),
  }));
  const last = counts[counts.length - 1] as (typeof counts)[number];
  const rated = last.positive + last.negative;
  const dsrColumn = {
    described: "described",
    communication: "communication",
    shippingTime: "shipping_time",
    shippingCost: "shipping_cost",
  } as const;
  return {
    userId,
    // Neutral feedback is left out of the percentage, as on eBay; one decimal.
    percentPositive: rated > 0 ? Math.round((last.positive / rated) * 1000) / 10 : null,
    windows: counts,
    detailed: DETAILED_RATINGS.map((key) => {
      const count = num(`${dsrColumn[key]}_count`);
      const average = row[`${dsrColumn[key]}_avg`];
      return {
        key,
        count,
        average:
          count >= DETAILED_RATINGS_MINIMUM && average !== null && average !== undefined
            ? Math.round(Number(average) * 10) / 10
            : null,
      };
    }),
    rating: sellerRating(user.ratingTotal, user.ratingCount),
    ratingCount: user.ratingCount,
  };
}
