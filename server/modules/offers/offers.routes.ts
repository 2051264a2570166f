import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../../core/contracts/common";
import {
  counterOfferSchema,
  declineOfferSchema,
  makeOfferSchema,
  myListingOffersSchema,
  offerListQuerySchema,
  offerPageSchema,
  offerSchema,
} from "../../../core/contracts/offers";
import { apiErrorSchema } from "../../../core/errors";
import { unauthorized } from "../../errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { answerOffer, listOffers, makeOffer, myListingOffers } from "./offers.service";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/** Best Offer (decision 0016): buyers offer, sellers answer, an agreement is an unpaid order. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    clock: app.clock,
    taxRatePercent: app.config.taxRatePercent,
  });

  app.post(
    "/listings/:id/offers",
    {
      config: perUserRateLimit(30),
      schema: {
        tags: ["offers"],
        summary: "Make an offer on a Buy It Now listing that accepts offers",
        description:
          "Below the Buy It Now price; at most 3 per buyer per listing, one waiting at a time; it lapses " +
          "after 48 hours. The seller's automatic answer, if any, applies at once (the answer says which).",
        params: idParam,
        body: makeOfferSchema,
        response: { 201: offerSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized("Please sign in to make an offer.");
      const offer = await makeOffer(deps(), request.user.id, request.params.id, request.body);
      return reply.status(201).send(offer);
    },
  );

  app.get(
    "/listings/:id/offers/mine",
    {
      schema: {
        tags: ["offers"],
        summary: "Your offers on one listing and how many more you may make",
        params: idParam,
        response: { 200: myListingOffersSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => myListingOffers(deps(), requireUser(request).id, request.params.id),
  );

  app.get(
    "/my/offers",
    {
      schema: {
        tags: ["offers"],
        summary: "Offers you made (role=buyer) or received (role=seller), open ones first",
        querystring: offerListQuerySchema,
        response: { 200: offerPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listOffers(deps(), requireUser(request).id, request.query),
  );

  app.post(
    "/offers/:id/accept",
    {
      config: perUserRateLimit(30),
      schema: {
        tags: ["offers"],
        summary: "Accept an offer (the seller) or a counteroffer (the buyer)",
        description:
          "Creates the unpaid order at the agreed price; the buyer pays it with Pay now within 48 hours.",
        params: idParam,
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) =>
      answerOffer(deps(), requireUser(request).id, request.params.id, { action: "accept" }),
  );

  app.post(
    "/offers/:id/decline",
    {
      config: perUserRateLimit(30),
      schema: {
        tags: ["offers"],
        summary:
          "Decline an offer (the seller) or a counteroffer (the buyer), with an optional message",
        params: idParam,
        body: declineOfferSchema,
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) =>
      answerOffer(deps(), requireUser(request).id, request.params.id, {
        action: "decline",
        message: request.body.message,
      }),
  );

  app.post(
    "/offers/:id/counter",
    {
      config: perUserRateLimit(30),
      schema: {
        tags: ["offers"],
        summary:
          "Counter an offer (the seller) or a counteroffer (the buyer: a new offer of the 3)",
        params: idParam,
        body: counterOfferSchema,
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) =>
      answerOffer(deps(), requireUser(request).id, request.params.id, {
        action: "counter",
        amountCents: request.body.amountCents,
        message: request.body.message,
      }),
  );
};
