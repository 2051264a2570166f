import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** Publishes the OpenAPI document built from the routes' own zod schemas, and a docs page. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Tradewinds API",
          description:
            "The Caribbean auction and Buy It Now marketplace. Money is integer cents in fields ending in `Cents`; " +
            'errors are `{ "error": { "code", "message", "fields" } }`.',
          version: "0.1.0",
        },
        components: {
          securitySchemes: {
            session: {
              type: "apiKey",
              in: "cookie",
              name: "tw_session",
              description: "Set by sign-in; httpOnly.",
            },
            csrf: {
              type: "apiKey",
              in: "header",
              name: "x-csrf-token",
              description:
                "Every POST, PUT, PATCH and DELETE must echo the `tw_csrf` cookie (set on the first /api response) in this header.",
            },
          },
        },
        tags: [
          { name: "browse", description: "Categories, territories, listings and the home page" },
          { name: "accounts", description: "Registration, sign-in, sessions and the account" },
          { name: "bidding", description: "Bids, proxy bidding and live auction updates" },
          {
            name: "notifications",
            description: "Your notifications, their unread count and which kinds are emailed",
          },
          {
            name: "messages",
            description:
              "Conversations between users, their messages and private attachments, blocks and reports",
          },
          { name: "health", description: "Liveness and readiness" },
          { name: "dev", description: "Development helpers, absent in production" },
        ],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
