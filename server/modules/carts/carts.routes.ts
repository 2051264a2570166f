import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { savedCartRequestSchema, savedCartSchema } from "../../../core/contracts/buying";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { loadCart, mergeCart, saveCart } from "./carts.service";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const SIGN_IN = "Please sign in to see your saved cart.";
// The cart saves at most every half second while someone clicks; 120 a minute leaves room for that.
const writes = { config: perUserRateLimit(120) };

/** The signed-in user's cart kept on the server: always the caller's own (decision record 0011). */
export const cartsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/cart",
    {
      schema: {
        tags: ["buying"],
        summary: "Your saved cart",
        response: { 200: savedCartSchema, 401: apiErrorSchema },
      },
    },
    async (request) => loadCart(app.db, requireUser(request, SIGN_IN).id),
  );

  app.put(
    "/me/cart",
    {
      ...writes,
      schema: {
        tags: ["buying"],
        summary: "Replace your saved cart with this device's",
        description:
          "At most 50 lines, each listing once, quantities 1 to 1000 (the local cart's limits). " +
          "Listings that no longer exist are dropped, not refused. An empty list empties the cart.",
        body: savedCartRequestSchema,
        response: { 200: savedCartSchema, ...errors },
      },
    },
    async (request) => saveCart(app.db, requireUser(request, SIGN_IN).id, request.body.lines),
  );

  app.post(
    "/me/cart/merge",
    {
      ...writes,
      schema: {
        tags: ["buying"],
        summary: "Merge this device's cart into your saved cart",
        description:
          "Every listing of either cart, at the larger of the two quantities (not the sum: a " +
          "device holding a copy of the saved cart would double it). Saved lines first, then the " +
          "device's new ones while there is room (50 lines). Answers the merged cart.",
        body: savedCartRequestSchema,
        response: { 200: savedCartSchema, ...errors },
      },
    },
    async (request) => mergeCart(app.db, requireUser(request, SIGN_IN).id, request.body.lines),
  );
};
