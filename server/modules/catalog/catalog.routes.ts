import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  categoryDetailSchema,
  categoryTreeSchema,
  territoryListSchema,
} from "../../../core/contracts/browse";
import { apiErrorSchema } from "../../../core/errors";
import { getCategoryBySlug, getCategoryTree, listTerritories } from "./catalog.service";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/categories",
    {
      schema: {
        tags: ["browse"],
        summary: "The category tree",
        response: { 200: categoryTreeSchema },
      },
    },
    async () => ({ items: await getCategoryTree(app.db) }),
  );

  app.get(
    "/categories/:slug",
    {
      schema: {
        tags: ["browse"],
        summary: "One category with its parent and subcategories (with active listing counts)",
        params: z.object({ slug: z.string().min(1).max(100) }),
        response: { 200: categoryDetailSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getCategoryBySlug(app.db, request.params.slug),
  );

  app.get(
    "/territories",
    {
      schema: {
        tags: ["browse"],
        summary: "Active territories ordered by name",
        response: { 200: territoryListSchema },
      },
    },
    async () => ({ items: await listTerritories(app.db) }),
  );
};
