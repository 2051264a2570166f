import { z } from "zod";
import { pageOf, paginationQuery } from "./common";

/** How long after payment a buyer may leave feedback on a line (eBay's window). */
export const FEEDBACK_WINDOW_DAYS = 60;
export const FEEDBACK_COMMENT_MAX = 500;
export const FEEDBACK_REPLY_MAX = 500;
/**
 * A seller may ask for a revision of neutral or negative feedback within this many days of it,
 * and the buyer may then revise it, once, within this many days of the asking.
 */
export const FEEDBACK_REVISION_DAYS = 30;
/** A detailed seller rating's average is shown once this many buyers gave it (eBay's 10). */
export const DETAILED_RATINGS_MINIMUM = 10;
/** The profile's windows, in months; percent positive reads the longest. */
export const FEEDBACK_PROFILE_MONTHS = [1, 6, 12] as const;

/** The four detailed seller ratings, in the order the screens show them. */
export const DETAILED_RATINGS = [
  "described",
  "communication",
  "shippingTime",
  "shippingCost",
] as const;
export type DetailedRating = (typeof DETAILED_RATINGS)[number];
export const DETAILED_RATING_LABELS: Record<DetailedRating, string> = {
  described: "Item as described",
  communication: "Communication",
  shippingTime: "Shipping time",
  shippingCost: "Shipping cost",
};

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

const starsField = (name: string) =>
  z
    .number({ message: `${name} must be a whole number from 1 to 5` })
    .int(`${name} must be a whole number from 1 to 5`)
    .min(1, `${name} must be a whole number from 1 to 5`)
    .max(5, `${name} must be a whole number from 1 to 5`);

/** The buyer's detailed seller ratings, each optional (as on eBay), 1-5 stars. */
export const detailedRatingsSchema = z.object({
  described: starsField("described").optional(),
  communication: starsField("communication").optional(),
  shippingTime: starsField("shippingTime").optional(),
  shippingCost: starsField("shippingCost").optional(),
});
export type DetailedRatings = z.infer<typeof detailedRatingsSchema>;

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
  stars: starsField("stars").optional(),
  comment,
  /** The buyer's detailed seller ratings (ignored on a seller's feedback). */
  detailed: detailedRatingsSchema.optional(),
});
export type LeaveFeedbackInput = z.input<typeof leaveFeedbackSchema>;

/**
 * POST /api/feedback/{id}/revision-request: the seller asks the buyer to revise neutral or
 * negative feedback, with an optional message.
 */
export const revisionRequestSchema = z.object({
  message: z
    .string({ message: "message must be text" })
    .trim()
    .max(FEEDBACK_COMMENT_MAX, `Messages can be at most ${FEEDBACK_COMMENT_MAX} characters.`)
    .default(""),
});
export type RevisionRequestInput = z.input<typeof revisionRequestSchema>;

/**
 * POST /api/feedback/{id}/revision: the buyer's one revision, asked for by the seller: a new
 * rating, stars and comment (the detailed ratings stay as first given, as on eBay).
 */
export const reviseFeedbackSchema = z.object({
  rating: z.enum(FEEDBACK_RATINGS, { message: "rating must be positive, neutral or negative" }),
  stars: starsField("stars"),
  comment,
});
export type ReviseFeedbackInput = z.input<typeof reviseFeedbackSchema>;

/** POST /api/admin/feedback/{id}/remove: staff remove feedback that breaks policy, with a reason. */
export const removeFeedbackSchema = z.object({
  reason: z
    .string({ message: "reason must be text" })
    .trim()
    .min(3, "Please give a reason")
    .max(2000, "reason must be at most 2000 characters"),
});

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
  /** When the buyer revised it (once, at the seller's asking); null if never. */
  revisedAt: z.string().nullable(),
  /** When staff removed it (it then counts nowhere); null while it stands. */
  removedAt: z.string().nullable(),
  /** The seller's request to revise it, if one was made. */
  revisionRequest: z
    .object({
      requestedAt: z.string(),
      message: z.string(),
      /** The buyer may revise until then (30 days from the asking). */
      revisableUntil: z.string(),
    })
    .nullable(),
  /** Whether the seller it is about may ask for a revision now (neutral or negative, 30 days). */
  canRequestRevision: z.boolean(),
  /** Whether its buyer may revise it now (asked, not yet revised, within 30 days of the asking). */
  canRevise: z.boolean(),
});
export type LineFeedback = z.infer<typeof lineFeedbackSchema>;

/** GET /api/users/{id}/feedback: received from buyers (default) or from sellers. */
export const feedbackListQuerySchema = z.object({
  ...paginationQuery,
  from: z
    .enum(["buyers", "sellers"], { message: "from must be buyers or sellers" })
    .default("buyers"),
});

export const receivedFeedbackSchema = lineFeedbackSchema
  .pick({
    id: true,
    rating: true,
    stars: true,
    comment: true,
    reply: true,
    createdAt: true,
    revisedAt: true,
  })
  .extend({
    /** The author's masked name ("k***a"); your own name when you wrote it. */
    author: z.object({ name: z.string(), feedbackCount: z.number().int() }),
    item: z.object({ listingId: z.string(), title: z.string() }),
    repliedAt: z.string().nullable(),
  });
export type ReceivedFeedback = z.infer<typeof receivedFeedbackSchema>;
export const receivedFeedbackPageSchema = pageOf(receivedFeedbackSchema);
export type ReceivedFeedbackPage = z.infer<typeof receivedFeedbackPageSchema>;

/** GET /api/users/{id}/feedback-profile: counts for one window of months (buyers' feedback). */
export const feedbackWindowSchema = z.object({
  months: z.number().int(),
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
});

/**
 * A seller's feedback profile, from buyers' feedback that staff have not removed, each counted
 * once with its current (revised) rating at the date it was left: percent positive over the last
 * 12 months (positive of positive and negative; null with neither), the counts for 1, 6 and 12
 * months, and each detailed rating's 12-month average, null until DETAILED_RATINGS_MINIMUM buyers
 * gave it.
 */
export const feedbackProfileSchema = z.object({
  userId: z.string(),
  percentPositive: z.number().nullable(),
  windows: z.array(feedbackWindowSchema),
  detailed: z.array(
    z.object({
      key: z.enum(DETAILED_RATINGS),
      average: z.number().nullable(),
      count: z.number().int(),
    }),
  ),
  /** All-time stars, as every card shows them: users.rating_total / rating_count. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type FeedbackProfile = z.infer<typeof feedbackProfileSchema>;
