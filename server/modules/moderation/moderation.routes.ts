import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  actionReasonSchema,
  adminListingPageSchema,
  adminListingSchema,
  adminListingsQuerySchema,
  adminReportPageSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  createdReportSchema,
  createListingRuleSchema,
  createReportSchema,
  listingRuleSchema,
  listingRulesSchema,
  resolveReportSchema,
} from "../../../core/contracts/admin";
import { idParam } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { requireAdmin, requireStaff } from "../staff/staff.policy";
import {
  approveListing,
  listAdminListings,
  removeListingNow,
  restoreListing,
} from "./listing-moderation.service";
import { addListingRule, deleteListingRule, listListingRules } from "./listing-rules.service";
import {
  assignReport,
  createReport,
  getReport,
  listReports,
  resolveReport,
} from "./reports.service";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const staffErrors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const STAFF_ONLY = "Staff only: 404 to everyone else.";

/**
 * Reports (anyone signed in files one; staff work the queue), listing moderation and the listing
 * rules. Every /admin path answers 404 unless the caller is staff (admin.policy.ts).
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/reports",
    {
      // A person reports a few things a day; this only stops a script filling the queue.
      config: perUserRateLimit(10),
      schema: {
        tags: ["moderation"],
        summary: "Report a listing or a user's store",
        description:
          "404 for a listing or user the public cannot see; 422 `cannot_report_own` for your own listing or yourself. " +
          "One open report per reporter and subject: reporting it again answers 201 with the same id.",
        body: createReportSchema,
        response: { 201: createdReportSchema, ...errors, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, "Please sign in to report this.");
      return reply.status(201).send(await createReport(app.db, user.id, request.body));
    },
  );

  app.get(
    "/admin/reports",
    {
      schema: {
        tags: ["admin"],
        summary: "The reports queue",
        description: `Open and assigned reports oldest first, resolved ones newest first. ${STAFF_ONLY}`,
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportPageSchema, ...staffErrors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listReports(app.db, request.query);
    },
  );

  app.get(
    "/admin/reports/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One report with the reported thing in place",
        description: `A conversation's report shows its participants and latest messages. ${STAFF_ONLY}`,
        params: idParam,
        response: { 200: adminReportSchema, ...staffErrors },
      },
    },
    async (request) => {
      requireStaff(request);
      return getReport(app.db, request.params.id);
    },
  );

  app.post(
    "/admin/reports/:id/assign",
    {
      schema: {
        tags: ["admin"],
        summary: "Take a report (assigned to you)",
        description: `409 \`report_resolved\` once resolved. ${STAFF_ONLY}`,
        params: idParam,
        response: { 200: adminReportSchema, ...staffErrors },
      },
    },
    async (request) => assignReport(app.db, requireStaff(request), request.params.id),
  );

  app.post(
    "/admin/reports/:id/resolve",
    {
      // `suspend_user` ends the user's sessions: at once on this instance (session.ts).
      config: { changesAccount: "others" },
      schema: {
        tags: ["admin"],
        summary: "Resolve a report with an action and a reason",
        description:
          "`dismiss`; `remove_listing` (a listing's report only, 422 otherwise; resolves the listing's other open reports); " +
          `\`warn_user\` and \`suspend_user\` act on the user the report is about. ${STAFF_ONLY}`,
        params: idParam,
        body: resolveReportSchema,
        response: {
          200: adminReportSchema,
          ...staffErrors,
          403: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) =>
      resolveReport(app.db, requireStaff(request), request.params.id, request.body),
  );

  app.get(
    "/admin/listings",
    {
      schema: {
        tags: ["admin"],
        summary: "Listings in any state",
        description: `\`q\` matches the title or the seller's username; \`moderation\` narrows to one state (held: oldest first). ${STAFF_ONLY}`,
        querystring: adminListingsQuerySchema,
        response: { 200: adminListingPageSchema, ...staffErrors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listAdminListings(app.db, request.query);
    },
  );

  app.post(
    "/admin/listings/:id/remove",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove a listing",
        description:
          "Hidden from everyone but its seller and staff; the seller is emailed the reason. An auction with bids ends " +
          `without a winner and every bidder is told. 409 \`moderation_state\` if removed already. ${STAFF_ONLY}`,
        params: idParam,
        body: actionReasonSchema,
        response: { 200: adminListingSchema, ...staffErrors },
      },
    },
    async (request) =>
      removeListingNow(app.db, requireStaff(request), request.params.id, request.body.reason),
  );

  app.post(
    "/admin/listings/:id/restore",
    {
      schema: {
        tags: ["admin"],
        summary: "Restore a removed listing",
        description: `Visible again; an auction its removal ended stays ended. ${STAFF_ONLY}`,
        params: idParam,
        body: actionReasonSchema,
        response: { 200: adminListingSchema, ...staffErrors },
      },
    },
    async (request) =>
      restoreListing(app.db, requireStaff(request), request.params.id, request.body.reason),
  );

  app.post(
    "/admin/listings/:id/approve",
    {
      schema: {
        tags: ["admin"],
        summary: "Approve a listing held for review",
        description: `It goes live and saved searches and followers hear of it. ${STAFF_ONLY}`,
        params: idParam,
        body: actionReasonSchema,
        response: { 200: adminListingSchema, ...staffErrors },
      },
    },
    async (request) =>
      approveListing(app.db, requireStaff(request), request.params.id, request.body.reason),
  );

  app.get(
    "/admin/listing-rules",
    {
      schema: {
        tags: ["admin"],
        summary: "Words and categories that hold a new listing for review",
        description: STAFF_ONLY,
        response: { 200: listingRulesSchema, ...staffErrors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listListingRules(app.db);
    },
  );

  app.post(
    "/admin/listing-rules",
    {
      schema: {
        tags: ["admin"],
        summary: "Add a listing rule (admin only)",
        description:
          "A word or phrase (matched as whole words, any case) or a category slug (its subcategories included). " +
          `409 \`listing_rule_exists\`; 403 for a moderator. ${STAFF_ONLY}`,
        body: createListingRuleSchema,
        response: { 201: listingRuleSchema, ...staffErrors, 403: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addListingRule(app.db, requireAdmin(request), request.body)),
  );

  app.delete(
    "/admin/listing-rules/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a listing rule (admin only)",
        description: `Listings it held stay held until reviewed. 403 for a moderator. ${STAFF_ONLY}`,
        params: idParam,
        response: { 204: z.null(), ...staffErrors, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteListingRule(app.db, requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
