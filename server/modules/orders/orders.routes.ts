import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkoutResponseSchema,
  orderDetailsSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  salePageSchema,
  unpaidOrdersSchema,
} from "../../../core/contracts/buying";
import { cancellationRequestSchema } from "../../../core/contracts/cancellations";
import { idParam } from "../../../core/contracts/common";
import { deliverToField } from "../../../core/contracts/delivery";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { requestCancellation } from "../cancellations/cancellations.service";
import type { PaymentsDeps } from "../payments/payments.service";
import { chooseOrderDeliverTo } from "./order-destination";
import { getOrderDetails } from "./order-details.service";
import { getOrder, listMyOrders, listMySales, listUnpaidOrders } from "./orders.service";
import { cancelUnpaidOrder, orderStateForBuyer, payOrder } from "./unpaid-orders.service";

export const ordersRoutes: FastifyPluginAsyncZod<{ deps: () => PaymentsDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/me/orders",
    {
      config: { apiTokenScope: "orders" },
      schema: {
        tags: ["buying"],
        summary: "Your orders, newest first",
        description: "With `order`, the page that holds that order of yours (in place of `page`).",
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listMyOrders(app.db, requireUser(request).id, request.query),
  );

  app.get(
    "/me/sales",
    {
      config: { apiTokenScope: "orders" },
      schema: {
        tags: ["selling"],
        summary: "What you have sold (paid orders and auction wins awaiting payment), newest first",
        description: "With `order`, the page that holds that order's lines (in place of `page`).",
        querystring: orderListQuerySchema,
        response: { 200: salePageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listMySales(app.db, requireUser(request).id, request.query),
  );

  app.get(
    "/orders/:id",
    {
      config: { apiTokenScope: "orders" },
      schema: {
        tags: ["buying"],
        summary: "One of your orders",
        params: idParam,
        response: {
          200: orderSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => getOrder(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/orders/:id/details",
    {
      config: { apiTokenScope: "orders" },
      schema: {
        tags: ["buying"],
        summary: "An order's page, for its buyer or one of its sellers",
        description:
          "The buyer sees the whole order; a seller sees their lines and their part's events. The " +
          "timeline lists what happened, oldest first. Anyone else: 404.",
        params: idParam,
        response: {
          200: orderDetailsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => getOrderDetails(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/me/orders/unpaid",
    {
      schema: {
        tags: ["buying"],
        summary:
          "Your orders awaiting payment (checkouts not finished, auction wins), newest first",
        response: { 200: unpaidOrdersSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ items: await listUnpaidOrders(app.db, requireUser(request).id) }),
  );

  app.put(
    "/orders/:id/deliver-to",
    {
      config: perUserRateLimit(60),
      schema: {
        tags: ["buying"],
        summary: "Say where a won auction or an agreed offer goes, before paying it",
        description:
          "Sets the order's Deliver to (a territory slug, or `world`) and charges that destination's " +
          "shipping on each line. 422 `does_not_ship_there` when a seller does not ship there; 409 " +
          "`order_deliver_to_fixed` for a cart's checkout, which ships where it was placed.",
        params: idParam,
        body: z.object({ deliverTo: deliverToField }),
        response: {
          200: orderSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      chooseOrderDeliverTo(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body.deliverTo,
      ),
  );

  app.post(
    "/orders/:id/pay",
    {
      config: perUserRateLimit(20),
      schema: {
        tags: ["buying"],
        summary: "Pay now: resume the order's open payment session, or open a new one",
        description:
          "The open, unexpired session's hosted page is returned again (its stock stays reserved). When it " +
          "lapsed, a new session opens if the stock is still there; otherwise 422 says why. Redirect to `redirectUrl`.",
        params: idParam,
        response: {
          200: checkoutResponseSchema,
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
    async (request) => {
      const user = requireUser(request);
      return payOrder(deps(), { id: user.id, email: user.email }, request.params.id);
    },
  );

  app.post(
    "/orders/:id/cancel",
    {
      schema: {
        tags: ["buying"],
        summary: "Cancel an order: awaiting payment, at once; paid, by asking the seller",
        description:
          "Awaiting payment (a checkout order): the open payment session ends as cancelled and the stock it " +
          "held is free at once. An auction win can't be cancelled this way (422). A paid order: a request " +
          "to the seller to cancel it.",
        params: idParam,
        // Unpaid orders need no body; a bodiless POST from a browser arrives as null.
        body: cancellationRequestSchema.partial().nullish(),
        response: {
          200: orderSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      // One route, dispatched on the order's state here only: unpaid orders are this module's,
      // paid ones the cancellations module's.
      const state = await orderStateForBuyer(app.db, user.id, id);
      if (state.status === "paid") {
        // Asks the seller of one part (body: reason, and sellerId when the order has several).
        await requestCancellation(app.db, user.id, id, request.body ?? undefined);
        return getOrder(app.db, user.id, id);
      }
      await cancelUnpaidOrder(deps(), user.id, id);
      return getOrder(app.db, user.id, id);
    },
  );
};
