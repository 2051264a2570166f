import fs from "node:fs";
import path from "node:path";

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The build's manifest, or null when the build wrote none (then pages go without preloads). */
export function readManifest(clientDist: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDist, ".vite", "manifest.json"), "utf8"));
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9-]+$/;

interface PageKind {
  pattern: RegExp;
  /** The page's module, as the manifest names it (relative to client/). */
  module: string;
  /**
   * The API reads the page makes first, exactly as its code asks for them (a read asked for
   * differently is simply fetched again). `bare` is a path without a query: filters in the query
   * change what the results pages ask for, so those get only the reads that do not depend on them.
   */
  reads?: (match: RegExpExecArray, bare: boolean) => string[];
}

/**
 * The pages people land on, mirrored from client/app/router.tsx: which lazy page module each path
 * opens, and what it reads first. A page missing here still works; it only misses the head start.
 */
const PAGES: PageKind[] = [
  {
    pattern: /^\/$/,
    module: "app/routes/home-page.tsx",
    reads: () => ["/api/home", "/api/territories"],
  },
  {
    pattern: /^\/listings\/?$/,
    module: "app/routes/listings-page.tsx",
    reads: (_match, bare) => [
      "/api/territories",
      ...(bare ? ["/api/listings?sort=newest&page=1", "/api/listings/facets?sort=newest"] : []),
    ],
  },
  {
    pattern: /^\/category\/([^/]+)(\/[^/]+)?\/?$/,
    module: "app/routes/category-page.tsx",
    reads: (match, bare) => {
      const slug = match[1] ?? "";
      if (!SLUG.test(slug)) return [];
      const reads = [`/api/categories/${slug}`, "/api/territories"];
      // A subcategory's listings are asked for by its own slug, once the category is known.
      if (bare && match[2] === undefined) {
        reads.push(
          `/api/listings?sort=best_match&page=1&category=${slug}`,
          `/api/listings/facets?sort=best_match&category=${slug}`,
        );
      }
      return reads;
    },
  },
  {
    pattern: /^\/(?:listing|product|products)\/([^/]+)\/?$/,
    module: "app/routes/listing-detail-page.tsx",
    reads: (match) =>
      UUID.test(match[1] ?? "")
        ? [`/api/listings/${match[1]}`, `/api/listings/${match[1]}/similar`]
        : [],
  },
  { pattern: /^\/(deals|trending|ending-soon)\/?$/, module: "app/routes/collection-pages.tsx" },
];

/** What every page reads first: who is signed in, and the categories of the header's menu. */
const SHELL_READS = ["/api/auth/session", "/api/categories"];

/** A chunk's file and the files of everything it imports statically, depth first. */
function chunkFiles(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
}

/**
 * `<link>` tags that start, with the HTML, what the page would otherwise ask for only once the
 * app's script has run: the page's own code (the router loads each page lazily) and its first API
 * reads. Without them the phone waits for script, then page code, then data, one after the other.
 * The data preloads are `crossorigin="anonymous"` so that the app's same-origin fetch() reuses them.
 */
export function pagePreloads(
  manifest: Manifest | null,
  url: string,
  /** Reads the page carries its answers to (web-app.ts, served answers): not preloaded. */
  served: readonly string[] = [],
): string {
  const [pathname = url, query] = url.split("?");
  const bare = !query;
  const page = PAGES.map((kind) => ({ kind, match: kind.pattern.exec(pathname) })).find(
    (found) => found.match !== null,
  );
  // No manifest: not a production build (or an old one); the page loads as it would without.
  if (!page?.match || !manifest) return "";
  const tags: string[] = [];
  if (manifest[page.kind.module]) {
    const entry = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isEntry) chunkFiles(manifest, key, entry);
    }
    const files = new Set<string>();
    chunkFiles(manifest, page.kind.module, files);
    for (const file of files) {
      // The entry's own files are in the HTML already.
      if (!entry.has(file)) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
    }
  }
  for (const read of [...SHELL_READS, ...(page.kind.reads?.(page.match, bare) ?? [])]) {
    if (served.includes(read)) continue;
    tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${read}">`);
  }
  return tags.join("\n    ");
}

/**
 * The preload of a page's largest picture (a listing's first photo), which goes before everything
 * else in <head> (withPreloads' `first`). At the end of <head> it was asked for after the shell's
 * script, the page's chunks and its reads: on HTTP/1.1 a browser opens six connections to a host,
 * so the photo the first paint shows waited for a free one behind script the paint does not need.
 */
export function picturePreload(picture: string | null | undefined): string {
  if (!picture) return "";
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(picture)}">`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * The path of the picture in a listing page's share tags (og:image), when it is one of ours:
 * the same address the page's gallery shows first.
 */
export function sharedPicture(tags: string | null, publicUrl: string): string | null {
  const content = tags && /<meta property="og:image" content="([^"]+)"/.exec(tags)?.[1];
  if (!content) return null;
  const base = publicUrl.replace(/\/$/, "");
  const address = content.replace(/&amp;/g, "&");
  if (!address.startsWith(`${base}/uploads/`)) return null;
  return address.slice(base.length);
}

/**
 * The page's HTML with its preloads at the end of <head>, and `first` (what the first paint
 * needs) before the head's first script, so the browser asks for it before anything else.
 */
export function withPreloads(html: string, preloads: string, first = ""): string {
  const end = html.indexOf("</head>");
  if (end < 0) return html;
  const script = html.indexOf("<script");
  // Without a script in <head>, the end of <head> comes before anything the page asks for.
  if (first && (script < 0 || script > end))
    return withPreloads(html, [first, preloads].filter(Boolean).join("\n    "));
  let out = html;
  if (preloads) out = `${out.slice(0, end)}  ${preloads}\n  ${out.slice(end)}`;
  if (first) out = `${out.slice(0, script)}${first}\n    ${out.slice(script)}`;
  return out;
}
