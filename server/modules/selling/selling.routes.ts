import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../core/contracts/common";
import {
  createdListingSchema,
  createListingSchema,
  editableListingSchema,
  myListingsSchema,
  storeSchema,
  updateListingSchema,
} from "../../../core/contracts/selling";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import {
  createListing,
  deleteListing,
  getEditableListing,
  getStore,
  listMyListings,
  updateListing,
} from "./selling.service";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
};

export const sellingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/listings",
    {
      // Per seller: a shop moving its stock in may list quickly, a script may not flood the site.
      config: { ...perUserRateLimit(60), apiTokenScope: "listings" },
      schema: {
        tags: ["selling"],
        summary: "Create a listing (the wizard's five steps in one body)",
        description:
          "`kind` is `auction` or `fixed_price` (aliases `buy_it_now`, `buyitnow`, `fixed`; missing means fixed price). " +
          "`imageIds` are ids from POST /api/uploads in display order (at most 12; the first is the thumbnail). " +
          "An auction gets its settings in the same transaction: start price = `priceCents`, end = now + `durationDays`.",
        body: createListingSchema,
        response: { 201: createdListingSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, "You must be logged in to create a listing");
      const created = await createListing(app.db, user.id, request.body, app.clock.now());
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/listings/:id/edit",
    {
      config: { apiTokenScope: "listings" },
      schema: {
        tags: ["selling"],
        summary: "The edit form of one of your listings (hidden prices included)",
        params: idParam,
        response: { 200: editableListingSchema, ...errors },
      },
    },
    async (request) => getEditableListing(app.db, requireUser(request).id, request.params.id),
  );

  app.patch(
    "/listings/:id",
    {
      config: { apiTokenScope: "listings" },
      schema: {
        tags: ["selling"],
        summary: "Change one of your listings",
        description:
          "Anything may change while an auction has no bids; after the first bid only `description` and `imageIds` (422 otherwise).",
        params: idParam,
        body: updateListingSchema,
        response: { 200: createdListingSchema, ...errors },
      },
    },
    async (request) =>
      updateListing(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body,
        app.clock.now(),
      ),
  );

  app.delete(
    "/listings/:id",
    {
      schema: {
        tags: ["selling"],
        summary: "Delete one of your listings (refused once it has bids or orders)",
        params: idParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteListing(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/me/listings",
    {
      config: { apiTokenScope: "listings" },
      schema: {
        tags: ["selling"],
        summary: "Your listings, newest first, with status, bids and sales",
        response: { 200: myListingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listMyListings(app.db, requireUser(request).id),
  );

  app.get(
    "/stores/:id",
    {
      schema: {
        tags: ["selling"],
        summary: "A seller's store header; its listings come from GET /api/listings?seller={id}",
        params: idParam,
        response: { 200: storeSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getStore(app.db, request.params.id),
  );
};
