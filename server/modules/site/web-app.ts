import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ERROR_CODES } from "../../../core/errors";
import { readSharedListing, shareTags, withShareTags } from "../listings/share-tags";
import { isLocalRequest } from "../mail/outbox.routes";
import {
  type FirstPaint,
  firstPaintHtml,
  firstPaintKind,
  listingsPaint,
  readPaintedCategory,
  withFirstPaint,
} from "./first-paint";
import {
  BARE_LISTINGS_READ,
  firstCardPicture,
  readFirstResults,
  servedAnswersHtml,
} from "./first-paint-results";
import {
  pagePreloads,
  picturePreload,
  readManifest,
  sharedPicture,
  withPreloads,
} from "./page-preloads";
import { pageStatus } from "./page-status";

export interface WebAppOptions {
  clientDist: string;
  uploadsDir: string;
}

/**
 * storage.ts's PRIVATE_PREFIX as the static plugin names a path (normalised, after /uploads):
 * never served here, in any letter case (a case-insensitive disk would find the folder).
 */
const PRIVATE_PATH = /^\/?private(\/|$)/i;

/** For uploaded SVG files: no script, no requests, inline styles only, and sandboxed if opened. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

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
      // A stored file never changes under its name: a photo's key is a fresh UUID on every upload
      // (uploads.service.ts) and the demo's drawings are written once. A year, like assets/;
      // seven days had a phone ask again for every card's picture each week.
      maxAge: "365d",
      immutable: true,
      // Checked on the path the plugin normalised and again on the file it resolved, so no spelling
      // of the URL reaches the folder (the plugin refuses non-canonical paths such as `a/../b`).
      allowedPath: (pathName) => !PRIVATE_PATH.test(pathName),
      // The demo's seed pictures are SVG (server/seed/seed-images.ts). Opened on their own, an SVG
      // is a document that could run script: this policy forbids any, whatever the file holds.
      setHeaders(reply, filePath) {
        if (filePath.toLowerCase().endsWith(".svg")) {
          reply.header("content-security-policy", SVG_POLICY);
        }
      },
    });

    const indexPath = path.join(clientDist, "index.html");
    const hasClient = fs.existsSync(indexPath);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: clientDist,
        prefix: "/",
        index: false,
        // The build writes .br and .gz copies of its text files (client/build/precompress.ts): the
        // one the browser accepts is sent with Content-Encoding and `Vary: Accept-Encoding`.
        preCompressed: true,
        // Vite fingerprints everything under assets/, so those may be cached for good; anything
        // else keeps its name across builds and is checked again on each use.
        setHeaders(reply, filePath) {
          reply.header(
            "cache-control",
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? "public, max-age=31536000, immutable"
              : "no-cache",
          );
        },
      });
    }
    // Read per request outside production, so a rebuilt app is served without a restart.
    const cachedIndex = hasClient ? fs.readFileSync(indexPath, "utf8") : null;
    const readIndex = () =>
      app.config.isProduction ? cachedIndex : fs.readFileSync(indexPath, "utf8");
    const cachedManifest = hasClient ? readManifest(clientDist) : null;
    const manifest = () => (app.config.isProduction ? cachedManifest : readManifest(clientDist));

    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      const indexHtml = hasClient ? readIndex() : null;
      if (!indexHtml) {
        return reply
          .status(404)
          .type("text/plain")
          .send("The web app is not built. Run `npm run build`.");
      }
      const paintKind = firstPaintKind(request.url);
      // The bare /listings: its first read does not depend on the query (first-paint-results.ts).
      const bareListings = /^\/listings\/?$/.test(request.url);
      const [listing, status, category, results] = await Promise.all([
        // One read of a listing page's listing, for its share tags and its first paint.
        readSharedListing(app.db, request.url).catch((err) => {
          request.log.warn({ err }, "share tags failed");
          return null;
        }),
        // A failed check must not take the page down: serve it as found.
        pageStatus(app.db, request.url, {
          production: app.config.isProduction,
          local: isLocalRequest(request),
        }).catch((err): 200 => {
          request.log.warn({ err }, "page status check failed");
          return 200;
        }),
        paintKind === "category"
          ? readPaintedCategory(app.db, request.url).catch((err) => {
              request.log.warn({ err }, "first paint's category failed");
              return null;
            })
          : null,
        bareListings
          ? readFirstResults(app.database, app.config.searchTimeoutMs).catch((err) => {
              request.log.warn({ err }, "first paint's results failed");
              return null;
            })
          : null,
      ]);
      const tags = listing ? shareTags(listing, request.url, app.publicUrl) : null;
      const shared = tags ? withShareTags(indexHtml, tags) : indexHtml;
      // Served in the page, the results are not asked for again: no preload for them.
      const served = status === 200 && results ? { [BARE_LISTINGS_READ]: results } : null;
      const preloads =
        status === 200
          ? pagePreloads(manifest(), request.url, served ? Object.keys(served) : [])
          : "";
      // The page's largest picture, asked for before the scripts: a listing's photo, or the first
      // card's on the bare /listings (first-paint-results.ts draws it).
      const picture =
        status === 200
          ? picturePreload(
              sharedPicture(tags, app.publicUrl) ?? (results ? firstCardPicture(results) : null),
            )
          : "";
      // A missing page (404) and every other page get the empty root: the app draws them.
      let paint: FirstPaint | null = null;
      if (status === 200) {
        if (paintKind === "home") paint = { kind: "home" };
        else if (paintKind === "listings") {
          paint = listingsPaint(request.url);
          if (results) paint.results = { page: results, now: new Date() };
        } else if (paintKind === "category" && category) paint = { kind: "category", category };
        else if (paintKind === "listing" && listing) paint = { kind: "listing", listing };
      }
      const html = withFirstPaint(
        withPreloads(shared, preloads, picture),
        paint ? firstPaintHtml(paint) + (served ? servedAnswersHtml(served) : "") : "",
      );
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
