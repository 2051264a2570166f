import { FEEDBACK_WINDOW_DAYS } from "../../../core/contracts/feedback";
import { ERROR_CODES } from "../../../core/errors";
import { forbidden, notFound, ruleBroken } from "../../errors";

export type FeedbackRole = "buyer" | "seller";

export interface LineParties {
  buyerId: string;
  sellerId: string;
  status: string;
  /** Whether the order was paid within the feedback window (judged by the database's clock). */
  inWindow: boolean;
}

/**
 * Feedback on an order line is left by its buyer (about the seller) or its seller (about the
 * buyer). Anyone else is told the line does not exist (404, never 403), so ids cannot be probed.
 * The two parties are told why they cannot yet, or no longer can.
 */
export function feedbackRoleOn(line: LineParties | undefined, userId: string): FeedbackRole {
  const role =
    line?.buyerId === userId ? "buyer" : line?.sellerId === userId ? "seller" : undefined;
  if (!line || !role) throw notFound("Order line not found.", ERROR_CODES.orderLineNotFound);
  if (line.status !== "paid")
    throw ruleBroken(ERROR_CODES.feedbackNotPaid, "Feedback can be left once the order is paid.");
  if (!line.inWindow)
    throw ruleBroken(
      ERROR_CODES.feedbackWindowClosed,
      `Feedback can be left within ${FEEDBACK_WINDOW_DAYS} days of payment; this order was paid longer ago.`,
    );
  return role;
}

/** Only the person feedback is about may reply to it; to anyone else it does not exist. */
export function assertSubjectOf<T extends { subjectId: string }>(
  feedback: T | undefined,
  userId: string,
): asserts feedback is T {
  if (!feedback || feedback.subjectId !== userId)
    throw notFound("Feedback not found.", ERROR_CODES.feedbackNotFound);
}

interface FeedbackParties {
  authorRole: FeedbackRole;
  authorId: string;
  subjectId: string;
}

/** Anyone but the feedback's author and subject is told it does not exist (404). */
function assertPartyOf<T extends FeedbackParties>(
  feedback: T | undefined,
  userId: string,
): asserts feedback is T {
  if (!feedback || (feedback.authorId !== userId && feedback.subjectId !== userId))
    throw notFound("Feedback not found.", ERROR_CODES.feedbackNotFound);
}

/**
 * Only the seller a buyer's feedback is about asks for its revision. The buyer, who can see it, is
 * told plainly (403); anyone else is told it does not exist (404).
 */
export function revisionAskerOf<T extends FeedbackParties>(
  feedback: T | undefined,
  userId: string,
): asserts feedback is T {
  assertPartyOf(feedback, userId);
  if (feedback.authorRole !== "buyer" || feedback.subjectId !== userId)
    throw forbidden(
      "Only the seller this feedback is about can ask for a revision.",
      ERROR_CODES.feedbackNotYours,
    );
}

/** Only the buyer who wrote the feedback revises it: 403 to the seller, 404 to anyone else. */
export function reviserOf<T extends FeedbackParties>(
  feedback: T | undefined,
  userId: string,
): asserts feedback is T {
  assertPartyOf(feedback, userId);
  if (feedback.authorRole !== "buyer" || feedback.authorId !== userId)
    throw forbidden(
      "Only the buyer who left this feedback can revise it.",
      ERROR_CODES.feedbackNotYours,
    );
}
