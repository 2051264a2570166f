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
        tags: [
          { name: "browse", description: "Categories, territories, listings and the home page" },
          { name: "health", description: "Liveness and readiness" },
        ],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
