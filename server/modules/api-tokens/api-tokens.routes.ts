import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPES,
  apiTokenListSchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from "../../../core/contracts/api-tokens";
import { idParam } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens.service";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The signed-in user's personal API tokens (issue 33; docs/api-tokens.md). Browser session and
 * CSRF only: a token can never list, make or revoke tokens (server/plugins/api-token-auth.ts).
 */
export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/tokens",
    {
      schema: {
        tags: ["accounts"],
        summary: "Your API tokens, newest first (never their secrets)",
        response: { 200: apiTokenListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listApiTokens(app.db, requireUser(request).id);
    },
  );

  app.post(
    "/me/tokens",
    {
      config: perUserRateLimit(20),
      schema: {
        tags: ["accounts"],
        summary: "Make an API token; its secret is in this answer only",
        description: `scopes: ${API_TOKEN_SCOPES.join(", ")}. expiresInDays: ${API_TOKEN_EXPIRY_DAYS.join(", ")}. 422 api_token_limit_reached past the live tokens an account may have.`,
        body: createApiTokenSchema,
        response: {
          201: createdApiTokenSchema,
          ...errors,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(app.db, requireUser(request).id, request.body);
      reply.header("cache-control", "no-store");
      return reply.code(201).send(created);
    },
  );

  app.delete(
    "/me/tokens/:id",
    {
      schema: {
        tags: ["accounts"],
        summary: "Revoke one of your API tokens; it stops working at once",
        params: idParam,
        response: { 200: apiTokenSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => revokeApiToken(app.db, requireUser(request).id, request.params.id),
  );
};
