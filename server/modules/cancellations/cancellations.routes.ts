import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  orderCancellationSchema,
  sellerCancellationsSchema,
} from "../../../core/contracts/cancellations";
import { idParam } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import {
  answerCancellation,
  getOrderCancellation,
  listSellerCancellations,
} from "./cancellations.service";
import type { RefundDeps } from "./refunds.service";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * Cancellation of paid orders and their refunds. The buyer asks through POST /api/orders/{id}/cancel
 * (orders routes); the seller of the part answers here.
 */
export const cancellationsRoutes: FastifyPluginAsyncZod<{ deps: () => RefundDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/orders/:id/cancellation",
    {
      schema: {
        tags: ["buying"],
        summary: "Your order's parts (one per seller): cancellation requests and refunds",
        params: idParam,
        response: { 200: orderCancellationSchema, ...errors },
      },
    },
    async (request) => getOrderCancellation(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/me/cancellation-requests",
    {
      schema: {
        tags: ["selling"],
        summary: "Buyers' requests to cancel your parts of their orders, open ones first",
        response: { 200: sellerCancellationsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listSellerCancellations(app.db, requireUser(request).id),
  );

  for (const answer of ["accept", "decline"] as const) {
    app.post(
      `/orders/:id/cancellation/${answer}`,
      {
        config: perUserRateLimit(60),
        schema: {
          tags: ["selling"],
          summary:
            answer === "accept"
              ? "Accept a buyer's cancellation: stock returns and the part is refunded"
              : "Decline a buyer's cancellation",
          params: idParam,
          response: { 200: sellerCancellationsSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await answerCancellation(deps(), user.id, request.params.id, answer === "accept");
        return listSellerCancellations(app.db, user.id);
      },
    );
  }
};
