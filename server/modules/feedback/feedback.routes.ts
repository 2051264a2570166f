import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../../core/contracts/common";
import {
  DETAILED_RATINGS_MINIMUM,
  FEEDBACK_REVISION_DAYS,
  FEEDBACK_WINDOW_DAYS,
  feedbackListQuerySchema,
  feedbackProfileSchema,
  feedbackReplySchema,
  leaveFeedbackSchema,
  lineFeedbackSchema,
  orderLineParams,
  receivedFeedbackPageSchema,
  removeFeedbackSchema,
  reviseFeedbackSchema,
  revisionRequestSchema,
} from "../../../core/contracts/feedback";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { requireStaff } from "../staff/staff.policy";
import {
  getFeedbackProfile,
  leaveFeedback,
  listReceivedFeedback,
  removeFeedback,
  replyToFeedback,
  requestFeedbackRevision,
  reviseFeedback,
} from "./feedback.service";

const SIGN_IN = "Please sign in to leave feedback.";
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const changeErrors = { ...errors, 403: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
// A person writes a handful a day; this only stops a script.
const writes = { config: perUserRateLimit(30) };

/** Feedback on paid order lines, both ways, one reply, and the feedback a user has received. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/orders/:orderId/lines/:lineId/feedback",
    {
      ...writes,
      schema: {
        tags: ["feedback"],
        summary:
          "Leave feedback on a paid order line: the buyer about the seller, or the seller about the buyer",
        description:
          `The buyer gives a rating, 1-5 stars and a comment (at most 500 characters), within ${FEEDBACK_WINDOW_DAYS} ` +
          "days of payment; the stars make the seller's rating. The seller leaves positive feedback only, without stars. " +
          "Once per side (409 `feedback_already_left`); 422 `feedback_window_closed` past the window, " +
          "`feedback_not_paid` before payment, `feedback_positive_only` for a seller's neutral or negative; " +
          "404 to anyone but the line's buyer and seller.",
        params: orderLineParams,
        body: leaveFeedbackSchema,
        response: { 201: lineFeedbackSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const { orderId, lineId } = request.params;
      const created = await leaveFeedback(app.db, user.id, orderId, lineId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    "/feedback/:id/reply",
    {
      ...writes,
      schema: {
        tags: ["feedback"],
        summary: "Reply once to feedback about you",
        description:
          "Only the person the feedback is about (404 to anyone else); once (409 `feedback_already_replied`).",
        params: idParam,
        body: feedbackReplySchema,
        response: { 200: lineFeedbackSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) =>
      replyToFeedback(
        app.db,
        requireUser(request, SIGN_IN).id,
        request.params.id,
        request.body.reply,
      ),
  );

  app.post(
    "/feedback/:id/revision-request",
    {
      ...writes,
      schema: {
        tags: ["feedback"],
        summary: "The seller asks the buyer to revise neutral or negative feedback (once)",
        description:
          `Within ${FEEDBACK_REVISION_DAYS} days of the feedback (422 \`feedback_revision_request_closed\`), once ` +
          "(409 `feedback_revision_already_requested`), neutral or negative only (422 `feedback_revision_not_needed`). " +
          "403 `feedback_not_yours` to the buyer, 404 to anyone else. The buyer is notified.",
        params: idParam,
        body: revisionRequestSchema,
        response: { 201: lineFeedbackSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const updated = await requestFeedbackRevision(
        app.db,
        user.id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(updated);
    },
  );

  app.post(
    "/feedback/:id/revision",
    {
      ...writes,
      schema: {
        tags: ["feedback"],
        summary: "The buyer revises their feedback once, when the seller has asked",
        description:
          `A new rating, stars and comment; within ${FEEDBACK_REVISION_DAYS} days of the seller's request ` +
          "(422 `feedback_revision_expired`), once (409 `feedback_already_revised`), only when asked " +
          "(422 `feedback_revision_not_requested`). 403 `feedback_not_yours` to the seller, 404 to anyone else. " +
          "The seller's rating and profile follow; the seller is notified.",
        params: idParam,
        body: reviseFeedbackSchema,
        response: { 200: lineFeedbackSchema, ...changeErrors },
      },
    },
    async (request) =>
      reviseFeedback(app.db, requireUser(request, SIGN_IN).id, request.params.id, request.body),
  );

  app.post(
    "/admin/feedback/:id/remove",
    {
      ...writes,
      // The admin area does not exist for anyone but staff (404), checked before validation.
      preValidation: async (request) => {
        requireStaff(request);
      },
      schema: {
        tags: ["admin"],
        summary: "Staff remove feedback that breaks policy, with a reason (audit log)",
        description:
          "It stops counting in the seller's rating and profile and leaves the public lists; both parties are " +
          "notified. 409 `feedback_removed` when already removed; 404 to anyone but staff.",
        params: idParam,
        body: removeFeedbackSchema,
        response: { 200: lineFeedbackSchema, ...changeErrors },
      },
    },
    async (request) =>
      removeFeedback(app.db, requireStaff(request), request.params.id, request.body),
  );

  app.get(
    "/users/:id/feedback-profile",
    {
      schema: {
        tags: ["feedback"],
        summary:
          "A seller's feedback profile: percent positive, counts for 1, 6 and 12 months, detailed ratings",
        description:
          "From buyers' feedback staff have not removed, by the date it was left, with its current rating. " +
          "Percent positive (12 months) is positive of positive and negative. Each detailed rating's 12-month " +
          `average is null until ${DETAILED_RATINGS_MINIMUM} buyers gave it.`,
        params: idParam,
        response: { 200: feedbackProfileSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getFeedbackProfile(app.db, request.params.id),
  );

  app.get(
    "/users/:id/feedback",
    {
      schema: {
        tags: ["feedback"],
        summary: 'Feedback a user has received, newest first, authors masked ("k***a")',
        description:
          "`from=buyers` (default): about them as a seller, with stars. `from=sellers`: about them as a buyer. " +
          "You see your own name on feedback you wrote.",
        params: idParam,
        querystring: feedbackListQuerySchema,
        response: { 200: receivedFeedbackPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      listReceivedFeedback(
        app.db,
        request.user?.id ?? null,
        request.params.id,
        request.query.from,
        request.query.page,
        request.query.pageSize,
      ),
  );
};
