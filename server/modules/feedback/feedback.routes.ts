import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../../core/contracts/common";
import {
  FEEDBACK_WINDOW_DAYS,
  feedbackListQuerySchema,
  feedbackReplySchema,
  leaveFeedbackSchema,
  lineFeedbackSchema,
  orderLineParams,
  receivedFeedbackPageSchema,
} from "../../../core/contracts/feedback";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { leaveFeedback, listReceivedFeedback, replyToFeedback } from "./feedback.service";

const SIGN_IN = "Please sign in to leave feedback.";
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
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
