import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ERROR_CODES } from "../../core/errors";
import { shareTagsFor, withShareTags } from "../modules/listings/share-tags";
import { pageStatus } from "../modules/site/page-status";

export interface WebAppOptions {
  clientDist: string;
  uploadsDir: string;
}

/**
 * storage.ts's PRIVATE_PREFIX as the static plugin names a path (normalised, after /uploads):
 * never served here, in any letter case (a case-insensitive disk would find the folder).
 */
const PRIVATE_PATH = /^\/?private(\/|$)/i;

/**
 * Serves uploaded images (but nothing under private/: message attachments are the API's to serve,
 * to those allowed to see them), the built single-page app, and index.html for every other page path
 * (with a listing's title and Open Graph tags, which link previews read without running scripts).
 * A path that is no page (core/site-routes.ts), or names a listing, category or store that does not
 * exist, gets the same HTML with status 404, so search engines and link checkers see it is missing.
 * Unknown /api paths answer with the JSON error envelope instead.
 */
export const webAppPlugin = fp<WebAppOptions>(
  async (app, { clientDist, uploadsDir }) => {
    fs.mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: "/uploads/",
      decorateReply: false,
      maxAge: "7d",
      immutable: true,
      // Checked on the path the plugin normalised and again on the file it resolved, so no spelling
      // of the URL reaches the folder (the plugin refuses non-canonical paths such as `a/../b`).
      allowedPath: (pathName) => !PRIVATE_PATH.test(pathName),
    });

    const indexPath = path.join(clientDist, "index.html");
    const hasClient = fs.existsSync(indexPath);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: clientDist,
        prefix: "/",
        index: false,
        // Vite fingerprints everything under assets/, so those may be cached for good.
        setHeaders(reply, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header("cache-control", "public, max-age=31536000, immutable");
          }
        },
      });
    }
    // Read per request outside production, so a rebuilt app is served without a restart.
    const cachedIndex = hasClient ? fs.readFileSync(indexPath, "utf8") : null;
    const readIndex = () =>
      app.config.isProduction ? cachedIndex : fs.readFileSync(indexPath, "utf8");

    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      const indexHtml = hasClient ? readIndex() : null;
      if (!indexHtml) {
        return reply
          .status(404)
          .type("text/plain")
          .send("The web app is not built. Run `npm run build`.");
      }
      const [tags, status] = await Promise.all([
        shareTagsFor(app.db, request.url, app.publicUrl).catch((err) => {
          request.log.warn({ err }, "share tags failed");
          return null;
        }),
        // A failed check must not take the page down: serve it as found.
        pageStatus(app.db, request.url, { production: app.config.isProduction }).catch(
          (err): 200 => {
            request.log.warn({ err }, "page status check failed");
            return 200;
          },
        ),
      ]);
      const html = tags ? withShareTags(indexHtml, tags) : indexHtml;
      return reply
        .status(status)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(html);
    }

    // The static plugin would answer the root folder with 403; the home page is the app.
    app.get("/", { schema: { hide: true } }, sendPage);

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url;
      const pathname = url.split("?")[0] ?? url;
      // A missing script or picture must be a 404, not the app's HTML under a .js name.
      const isFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
      const wantsPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !isFile &&
        !url.startsWith("/api/") &&
        url !== "/api" &&
        !url.startsWith("/uploads/");
      if (wantsPage) return sendPage(request, reply);
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: "No such endpoint." } });
    });
  },
  { name: "web-app", dependencies: ["db"] },
);
