import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cartValidateRequestSchema,
  cartValidateResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
} from "../../../core/contracts/buying";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import {
  type CheckoutDeps,
  checkoutAuctionOrder,
  checkoutLines,
  validateCart,
} from "./checkout.service";

export const checkoutRoutes: FastifyPluginAsyncZod<{ deps: () => CheckoutDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    "/cart/validate",
    {
      schema: {
        tags: ["buying"],
        summary: "Today's prices, stock and problems for cart lines (signed in or not)",
        body: cartValidateRequestSchema,
        response: { 200: cartValidateResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) =>
      validateCart(deps(), request.user?.id ?? null, request.body.lines, request.body.deliverTo),
  );

  app.post(
    "/checkout",
    {
      config: perUserRateLimit(20),
      schema: {
        tags: ["buying"],
        summary: "Start paying: cart lines, or an auction win by `orderId`",
        description:
          "Prices, shipping and tax come from the database. The order's stock is reserved until the payment " +
          "session ends (paid, cancelled, or CHECKOUT_EXPIRY_MINUTES). Redirect the buyer to `redirectUrl`.",
        body: checkoutRequestSchema,
        response: {
          201: checkoutResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, "You must be logged in to checkout");
      const buyer = { id: user.id, email: user.email };
      const body = request.body;
      const result =
        "orderId" in body
          ? await checkoutAuctionOrder(deps(), buyer, body.orderId, body.deliverTo)
          : await checkoutLines(deps(), buyer, body.lines, body.deliverTo);
      return reply.status(201).send(result);
    },
  );
};
