import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { homeQuerySchema, homeSchema } from "../../../core/contracts/browse";
import { apiErrorSchema } from "../../../core/errors";
import { getHomeSections } from "./home.service";

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => getHomeSections(app.db, request.query.territory),
  );
};
