import { z } from "zod";
import { pageOf, paginationQuery } from "./common";

/** How long after payment a buyer may leave feedback on a line (eBay's window). */
export const FEEDBACK_WINDOW_DAYS = 60;
export const FEEDBACK_COMMENT_MAX = 500;
export const FEEDBACK_REPLY_MAX = 500;

export const FEEDBACK_RATINGS = ["positive", "neutral", "negative"] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** The words the screens use for each rating. */
export const FEEDBACK_RATING_LABELS: Record<FeedbackRating, string> = {
  positive: "Positive",
  neutral: "Neutral",
  negative: "Negative",
};

/**
 * A feedback author as others see them: first and last letter with asterisks between ("k***a"),
 * as eBay does (DECISIONS.md, privacy). Always three asterisks, so the length says nothing.
 */
export function maskName(username: string): string {
  const chars = [...username];
  const first = chars[0] ?? "";
  const last = chars.length > 1 ? chars[chars.length - 1] : first;
  return `${first}***${last}`;
}

const comment = z
  .string({ message: "comment must be text" })
  .trim()
  .max(FEEDBACK_COMMENT_MAX, `Comments can be at most ${FEEDBACK_COMMENT_MAX} characters.`)
  .default("");

/**
 * POST /api/orders/{orderId}/lines/{lineId}/feedback. The buyer rates the seller with 1-5 stars;
 * the seller rates the buyer positive only and gives no stars.
 */
export const leaveFeedbackSchema = z.object({
  rating: z.enum(FEEDBACK_RATINGS, {
    message: "rating must be positive, neutral or negative",
  }),
  stars: z
    .number({ message: "stars must be a whole number from 1 to 5" })
    .int("stars must be a whole number from 1 to 5")
    .min(1, "stars must be a whole number from 1 to 5")
    .max(5, "stars must be a whole number from 1 to 5")
    .optional(),
  comment,
});
export type LeaveFeedbackInput = z.input<typeof leaveFeedbackSchema>;

export const orderLineParams = z.object({
  orderId: z.uuid({ message: "orderId must be a UUID" }),
  lineId: z.uuid({ message: "lineId must be a UUID" }),
});

/** POST /api/feedback/{id}/reply: the one reply of the person the feedback is about. */
export const feedbackReplySchema = z.object({
  reply: z
    .string({ message: "reply must be text" })
    .trim()
    .min(1, "Write a reply first.")
    .max(FEEDBACK_REPLY_MAX, `Replies can be at most ${FEEDBACK_REPLY_MAX} characters.`),
});

/** One feedback on an order line, as its author and its subject see it. */
export const lineFeedbackSchema = z.object({
  id: z.string(),
  rating: z.enum(FEEDBACK_RATINGS),
  stars: z.number().int().nullable(),
  comment: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
});
export type LineFeedback = z.infer<typeof lineFeedbackSchema>;

/** GET /api/users/{id}/feedback: received from buyers (default) or from sellers. */
export const feedbackListQuerySchema = z.object({
  ...paginationQuery,
  from: z
    .enum(["buyers", "sellers"], { message: "from must be buyers or sellers" })
    .default("buyers"),
});

export const receivedFeedbackSchema = lineFeedbackSchema.extend({
  /** The author's masked name ("k***a"); your own name when you wrote it. */
  author: z.object({ name: z.string(), feedbackCount: z.number().int() }),
  item: z.object({ listingId: z.string(), title: z.string() }),
  repliedAt: z.string().nullable(),
});
export type ReceivedFeedback = z.infer<typeof receivedFeedbackSchema>;
export const receivedFeedbackPageSchema = pageOf(receivedFeedbackSchema);
export type ReceivedFeedbackPage = z.infer<typeof receivedFeedbackPageSchema>;
