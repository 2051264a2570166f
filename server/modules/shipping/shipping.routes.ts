import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../../core/contracts/common";
import {
  receivedResponseSchema,
  shipmentSchema,
  shipRequestSchema,
} from "../../../core/contracts/shipping";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { receiveOrder, shipOrder } from "./shipping.service";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
// A click per sale; 60 a minute is more than any hand makes.
const writes = { config: perUserRateLimit(60) };

/** Shipping a sale (its seller) and receiving it (its buyer). */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/orders/:id/shipments",
    {
      ...writes,
      schema: {
        tags: ["selling"],
        summary: "Mark your part of a paid order shipped, or ready for local pickup",
        description:
          "Body `{ carrier, trackingNumber }` (carrier: a key of core/carriers.ts, or another " +
          "carrier's name) or `{ localPickup: true }` (only when every one of your lines in the " +
          "order offers local pickup). Once per order and seller: a second answers 409, as does an " +
          "order not paid, cancelled, or with a cancellation asked or accepted. The buyer is notified.",
        params: idParam,
        body: shipRequestSchema,
        response: { 201: shipmentSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const shipment = await shipOrder(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      return reply.status(201).send(shipment);
    },
  );

  app.post(
    "/orders/:id/received",
    {
      ...writes,
      schema: {
        tags: ["buying"],
        summary: "Mark what was shipped to you in this order received",
        description: "The sellers are notified. 409 when nothing is shipped or all is received.",
        params: idParam,
        response: { 200: receivedResponseSchema, ...errors },
      },
    },
    async (request) =>
      receiveOrder(app.db, requireUser(request).id, request.params.id, app.clock.now()),
  );
};
