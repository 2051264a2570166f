import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../core/contracts/common";
import {
  caseDecisionSchema,
  caseDetailsSchema,
  casesQuerySchema,
  escalateSchema,
  myReturnsQuerySchema,
  openNotReceivedSchema,
  openReturnSchema,
  orderReturnsSchema,
  returnsListSchema,
  sellerAnswerSchema,
  shipBackSchema,
} from "../../../core/contracts/returns";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import type { RefundDeps } from "../cancellations/refunds.service";
import { requireStaff } from "../staff/staff.policy";
import {
  acceptOffer,
  answerRequest,
  confirmReturnReceived,
  decideCase,
  escalate,
  expediteCase,
  getCase,
  getOrderReturns,
  listCases,
  listMyReturns,
  openNotReceived,
  openReturn,
  shipBack,
} from "./returns.service";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const created = z.object({ id: z.string() });

/**
 * Returns, "item not received" requests and the cases staff decide (decision 0023). Each step
 * answers the order's requests as the caller sees them, so a page refreshes from one answer.
 */
export const returnsRoutes: FastifyPluginAsyncZod<{ deps: () => RefundDeps }> = async (
  app,
  { deps },
) => {
  const now = () => app.clock.now();

  app.get(
    "/orders/:id/returns",
    {
      schema: {
        tags: ["buying"],
        summary: "An order's returns and requests, and what its buyer may open now",
        params: idParam,
        response: { 200: orderReturnsSchema, ...errors },
      },
    },
    async (request) => getOrderReturns(app.db, requireUser(request).id, request.params.id, now()),
  );

  app.post(
    "/orders/:id/returns",
    {
      config: perUserRateLimit(30),
      schema: {
        tags: ["buying"],
        summary: "Open a return of one seller's delivered items (reason, details, photos)",
        params: idParam,
        body: openReturnSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.code(201);
      return openReturn(deps(), user.id, request.params.id, request.body);
    },
  );

  app.post(
    "/orders/:id/not-received",
    {
      config: perUserRateLimit(30),
      schema: {
        tags: ["buying"],
        summary: "Say one seller's parcel has not arrived (after its latest estimated date)",
        params: idParam,
        body: openNotReceivedSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.code(201);
      return openNotReceived(deps(), user.id, request.params.id, request.body);
    },
  );

  app.get(
    "/me/returns",
    {
      schema: {
        tags: ["buying"],
        summary:
          "Your returns and requests (role=buyer), or those buyers made to you (role=seller)",
        querystring: myReturnsQuerySchema,
        response: { 200: returnsListSchema, 401: apiErrorSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listMyReturns(app.db, requireUser(request).id, request.query.role, now()),
  );

  const step = <B extends z.ZodType>(
    path: string,
    summary: string,
    tag: "buying" | "selling",
    body: B | null,
    run: (userId: string, id: string, body: z.infer<B>) => Promise<void>,
  ) =>
    app.post(
      `/returns/:id/${path}`,
      {
        config: perUserRateLimit(60),
        schema: {
          tags: [tag],
          summary,
          params: idParam,
          ...(body ? { body } : {}),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await run(requireUser(request).id, request.params.id, request.body as z.infer<B>);
        return reply.code(204).send(null);
      },
    );

  step(
    "answer",
    "Seller: accept, offer a partial refund, decline, give tracking, or refund",
    "selling",
    sellerAnswerSchema,
    (u, id, b) => answerRequest(deps(), u, id, b),
  );
  step(
    "ship-back",
    "Buyer: the return is on its way back, with tracking",
    "buying",
    shipBackSchema,
    (u, id, b) => shipBack(deps(), u, id, b),
  );
  step(
    "received",
    "Seller: the returned item arrived; the buyer is refunded",
    "selling",
    null,
    (u, id) => confirmReturnReceived(deps(), u, id),
  );
  step("accept-offer", "Buyer: take the seller's partial refund", "buying", null, (u, id) =>
    acceptOffer(deps(), u, id),
  );
  step("escalate", "Buyer: ask Tradewinds to step in", "buying", escalateSchema, (u, id) =>
    escalate(deps(), u, id),
  );
  step(
    "expedite",
    "Seller: ask for an expedited review of the case (the fee pages' fee)",
    "selling",
    null,
    (u, id) => expediteCase(deps(), u, id),
  );

  app.get(
    "/admin/cases",
    {
      schema: {
        tags: ["admin"],
        summary: "Cases waiting for staff (expedited first), or the latest decided",
        querystring: casesQuerySchema,
        response: { 200: returnsListSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listCases(app.db, request.query.status, now());
    },
  );

  app.get(
    "/admin/cases/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One case: the request, its evidence and timeline, and the parties' messages",
        params: idParam,
        response: { 200: caseDetailsSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return getCase(app.db, request.params.id, now());
    },
  );

  app.post(
    "/admin/cases/:id/decision",
    {
      config: perUserRateLimit(60),
      schema: {
        tags: ["admin"],
        summary: "Decide a case: refund in full or in part, or close it in the seller's favour",
        params: idParam,
        body: caseDecisionSchema,
        response: { 200: caseDetailsSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      await decideCase(deps(), staff, request.params.id, request.body);
      return getCase(app.db, request.params.id, now());
    },
  );
};
