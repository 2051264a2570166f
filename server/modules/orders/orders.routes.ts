import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderPageSchema, orderSchema, salePageSchema } from "../../../core/contracts/buying";
import { idParam, paginationQuery } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { requireUser } from "../../plugins/session";
import { cancelOrderPayment, type PaymentsDeps } from "../payments/payments.service";
import { getOrder, listMyOrders, listMySales } from "./orders.service";

export const ordersRoutes: FastifyPluginAsyncZod<{ deps: () => PaymentsDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/me/orders",
    {
      schema: {
        tags: ["buying"],
        summary: "Your orders, newest first",
        querystring: z.object(paginationQuery),
        response: { 200: orderPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) =>
      listMyOrders(app.db, requireUser(request).id, request.query.page, request.query.pageSize),
  );

  app.get(
    "/me/sales",
    {
      schema: {
        tags: ["selling"],
        summary: "What you have sold (paid orders and auction wins awaiting payment), newest first",
        querystring: z.object(paginationQuery),
        response: { 200: salePageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) =>
      listMySales(app.db, requireUser(request).id, request.query.page, request.query.pageSize),
  );

  app.get(
    "/orders/:id",
    {
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

  app.post(
    "/orders/:id/cancel",
    {
      schema: {
        tags: ["buying"],
        summary: "Stop paying: open payment sessions end and a cart order's stock is released",
        params: idParam,
        response: {
          200: orderSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await cancelOrderPayment(deps(), user.id, request.params.id);
      return getOrder(app.db, user.id, request.params.id);
    },
  );
};
