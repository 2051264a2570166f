import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "../../../core/errors";
import {
  listingsSitemap,
  pagesSitemap,
  robotsTxt,
  SITEMAP_URLS_PER_FILE,
  sitemapIndex,
} from "./sitemap.service";

const XML = "application/xml; charset=utf-8";
// Crawlers come back often; an hour old is fresh enough and spares the database.
const CACHE = "public, max-age=3600";

/** robots.txt and the sitemap (an index of a pages file and files of active listings). */
export const siteRoutes: FastifyPluginAsyncZod<{ urlsPerFile?: number }> = async (
  app,
  { urlsPerFile = SITEMAP_URLS_PER_FILE },
) => {
  const base = () => app.publicUrl.replace(/\/$/, "");

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", CACHE).send(robotsTxt(base())),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header("cache-control", CACHE)
      .send(await sitemapIndex(app.db, base(), urlsPerFile)),
  );

  app.get("/sitemaps/pages.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header("cache-control", CACHE)
      .send(await pagesSitemap(app.db, base())),
  );

  app.get(
    "/sitemaps/listings-:file.xml",
    {
      schema: {
        hide: true,
        params: z.object({ file: z.coerce.number().int().min(1).max(100_000) }),
      },
    },
    async (request, reply) => {
      const xml = await listingsSitemap(app.db, base(), request.params.file, urlsPerFile);
      if (xml === null) {
        return reply
          .status(404)
          .send({ error: { code: ERROR_CODES.notFound, message: "No such sitemap file." } });
      }
      return reply.type(XML).header("cache-control", CACHE).send(xml);
    },
  );
};
