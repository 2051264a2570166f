import { sql } from "drizzle-orm";
import {
  FEEDBACK_WINDOW_DAYS,
  type FeedbackRating,
  type LeaveFeedbackInput,
  type LineFeedback,
  leaveFeedbackSchema,
  maskName,
  type ReceivedFeedbackPage,
} from "../../../core/contracts/feedback";
import { ERROR_CODES } from "../../../core/errors";
import { notificationText } from "../../../core/notifications";
import { orderLink } from "../../../core/order-links";
import type { Db } from "../../db/client";
import { isoTime, rows, uuidList } from "../../db/rows";
import { badRequest, conflict, notFound, ruleBroken } from "../../errors";
import { notify } from "../notifications/notifications.service";
import { assertSubjectOf, type FeedbackRole, feedbackRoleOn } from "./feedback.policy";

interface FeedbackRow {
  id: string;
  rating: FeedbackRating;
  stars: number | null;
  comment: string;
  reply: string | null;
  createdAt: Date | string;
}

const feedbackColumns = sql`f.id, f.rating, f.stars, f.comment, f.reply, f.created_at as "createdAt"`;

function toLineFeedback(r: FeedbackRow): LineFeedback {
  return {
    id: r.id,
    rating: r.rating,
    stars: r.stars,
    comment: r.comment,
    reply: r.reply,
    createdAt: isoTime(r.createdAt),
  };
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
  const { rating, stars, comment } = leaveFeedbackSchema.parse(input);
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
    const [created] = await rows<FeedbackRow>(
      tx,
      sql`insert into feedback as f (order_line_id, author_role, author_id, subject_id, rating, stars, comment)
          values (${lineId}, ${role}, ${userId}, ${subjectId}, ${rating},
            ${role === "buyer" ? (stars ?? null) : null}, ${comment})
          on conflict (order_line_id, author_role) do nothing
          returning ${feedbackColumns}`,
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
        link: role === "buyer" ? orderLink(orderId) : orderLink(orderId),
        orderId,
      },
    ]);
    return toLineFeedback(created);
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
      sql`select subject_id as "subjectId" from feedback where id = ${feedbackId}`,
    );
    assertSubjectOf(found, userId);
    const [updated] = await rows<FeedbackRow>(
      tx,
      sql`update feedback f set reply = ${reply}, replied_at = now()
          where f.id = ${feedbackId} and f.reply is null
          returning ${feedbackColumns}`,
    );
    if (!updated)
      throw conflict(
        "You have already replied to this feedback.",
        ERROR_CODES.feedbackAlreadyReplied,
      );
    return toLineFeedback(updated);
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
          (select count(*)::int from feedback af where af.subject_id = f.author_id) as "authorCount",
          ol.listing_id as "listingId", ol.title, count(*) over ()::int as total
        from feedback f join users a on a.id = f.author_id join order_lines ol on ol.id = f.order_line_id
        where f.subject_id = ${userId} and f.author_role = ${role}
        order by f.created_at desc, f.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page > 1) {
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from feedback where subject_id = ${userId} and author_role = ${role}`,
    );
    total = count?.n ?? 0;
  }
  return {
    items: found.map((r) => ({
      ...toLineFeedback(r),
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
