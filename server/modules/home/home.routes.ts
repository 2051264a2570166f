import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { homeQuerySchema, homeSchema } from "../../../core/contracts/browse";
import { apiErrorSchema } from "../../../core/errors";
import { createHomeCache } from "./home-cache";

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per app instance: each keeps its own for HOME_CACHE_SECONDS (home-cache.ts).
  const cache = createHomeCache(app.db, app.config.homeCacheSeconds * 1000);
  app.get(
    "/home",
    {
      schema: {
        tags: ["browse"],
        summary: "Home page sections: featured, trending, ending soon and daily picks",
        querystring: homeQuerySchema,
        response: { 200: homeSchema, 400: apiErrorSchema },
      },
    },
    // The replica when the reader may use it; the cache's background choice reads through the
    // request that started it.
    async (request) => cache.get(request.query.territory, (read) => app.publicRead(request, read)),
  );
};
