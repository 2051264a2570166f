import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../../client/build/precompress";
import { type App, buildApp } from "../../app";
import { loadConfig } from "../../config";
import { seedDatabase } from "../../seed/seed";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import { escapeHtml } from "./paint-html";

// API tests run without a built client; this one needs an index.html to put the share tags in,
// so it serves a small stand-in from a temporary folder.
const HEAD = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    `;
const TAIL = `
    <link rel="icon" href="/favicon.svg" />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/main.js"></script>
  </body>
</html>
`;
const INDEX_HTML = `${HEAD}<title>Tradewinds</title>${TAIL}`;
/** A built script, large enough for the build to precompress it. */
const MAIN_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;

let testDb: TestDatabase;
let app: App;
let dir: string;

beforeAll(async () => {
  testDb = await openTestDatabase();
  await seedDatabase(testDb.database.db, {});
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-web-app-"));
  const clientDist = path.join(dir, "client");
  fs.mkdirSync(clientDist);
  fs.writeFileSync(path.join(clientDist, "index.html"), INDEX_HTML);
  fs.mkdirSync(path.join(clientDist, "assets"));
  fs.writeFileSync(path.join(clientDist, "assets", "main.js"), MAIN_JS);
  fs.writeFileSync(
    path.join(clientDist, "favicon.svg"),
    "<svg xmlns='http://www.w3.org/2000/svg'/>",
  );
  await precompressDir(clientDist);
  const config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent" }),
    clientDist,
  };
  app = await buildApp({ config, database: testDb.database, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The text between the first `open` and the next `close` after it. */
function between(html: string, open: string, close: string): string | undefined {
  const start = html.indexOf(open);
  if (start < 0) return undefined;
  const end = html.indexOf(close, start + open.length);
  return end < 0 ? undefined : html.slice(start + open.length, end);
}

describe("listing page head", () => {
  it("puts a title with $ patterns and markup in verbatim, escaped, leaving the page intact", async () => {
    const title = `Dollar $' and $\` and $& test <b>"bold"</b> $1 $$`;
    const escaped =
      "Dollar $&#39; and $` and $&#38; test &#60;b&#62;&#34;bold&#34;&#60;/b&#62; $1 $$";
    const listing = await createListing(testDb.database.db, { title });

    const res = await app.inject(`/listing/${listing.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const html = res.body;

    expect(html.split("<title>")).toHaveLength(2);
    expect(between(html, "<title>", "</title>")).toBe(`${escaped} | Tradewinds`);
    expect(between(html, '<meta property="og:title" content="', '" />')).toBe(escaped);
    expect(html).not.toContain("<b>");
    // The first paint shows the title, escaped the same way.
    const paint = between(html, '<div id="root">', "</div>\n    <script") ?? "";
    expect(paint).toContain(`>${escaped}</p>`);
    // Only the <title> element was swapped, the photo preloaded and the root filled: the rest is
    // unchanged.
    expect(html.startsWith(`${HEAD}<title>`)).toBe(true);
    const photo = /\s*<link rel="preload" as="image" fetchpriority="high" href="[^"]+">/;
    expect(html.replace(paint, "").replace(photo, "").endsWith(TAIL)).toBe(true);
  });

  it("serves other pages' HTML unchanged", async () => {
    const res = await app.inject("/help?q=$&");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe("first paint", () => {
  const EMPTY_ROOT = '<div id="root"></div>';
  async function paintOf(url: string): Promise<{ status: number; paint: string | null }> {
    const res = await app.inject(url);
    const paint = between(res.body, '<div id="root">', "</div>\n    <script");
    return {
      status: res.statusCode,
      paint: res.body.includes(EMPTY_ROOT) ? null : (paint ?? null),
    };
  }

  it("paints the home page's hero and a search's heading, escaped", async () => {
    const home = await paintOf("/");
    expect(home.paint).toContain("Bid, buy and sell across the islands");
    expect(home.paint?.startsWith("<div data-first-paint")).toBe(true);
    const search = await paintOf(`/search?q=${encodeURIComponent('<i>"radio"</i> $&')}`);
    expect(search.status).toBe(200);
    expect(search.paint).toContain(
      "Search Results: &#34;&#60;i&#62;&#34;radio&#34;&#60;/i&#62; $&#38;&#34;",
    );
    expect(search.paint).not.toContain("<i>");
  });

  it("paints a category's name, description and chips from the database", async () => {
    const top = await paintOf("/category/electronics");
    expect(top.status).toBe(200);
    expect(top.paint).toContain(">Electronics</p>");
    expect(top.paint).toContain("Phones, computers, sound systems and gadgets");
    expect(top.paint).toContain(">Audio</span>");
    const sub = await paintOf("/category/electronics/audio");
    expect(sub.paint).toContain("All Electronics");
  });

  it("paints a listing's photo and title", async () => {
    const listing = await createListing(testDb.database.db, { title: "Paint me", images: 2 });
    const { paint } = await paintOf(`/product/${listing.id}`);
    expect(paint).toContain(">Paint me</p>");
    expect(paint).toMatch(
      /<img src="\/uploads\/[^"]+" alt="" width="\d+" height="\d+" fetchpriority="high"/,
    );
    expect(paint).toContain("1 of 2");
  });

  it("draws the bare /listings' first page from the API's own answer, and serves that answer", async () => {
    await createListing(testDb.database.db, {
      title: '</script><b>"Newest" $&</b>',
      description: "<i>described</i>",
    });
    const res = await app.inject("/listings");
    expect(res.statusCode).toBe(200);
    const served = between(
      res.body,
      '<script type="application/json" id="served-answers">',
      "</script>",
    );
    expect(served).toBeDefined();
    expect(served).not.toContain("<");
    const api = (await app.inject("/api/listings?sort=newest&page=1")).json();
    expect(JSON.parse(served ?? "{}")).toEqual({ "/api/listings?sort=newest&page=1": api });
    const paint = between(res.body, '<div id="root">', '<script type="application/json"');
    expect(paint).toContain('data-first-paint-until="results"');
    expect(paint).toContain("&#60;/script&#62;&#60;b&#62;&#34;Newest&#34; $&#38;&#60;/b&#62;");
    expect(paint).not.toContain("<b>");
    expect(paint).not.toContain("<i>");
    expect(paint).toContain(`${api.total} items found`);
    // The first card's picture is asked for before the scripts.
    const picture = (api.pinned?.[0] ?? api.items[0])?.image;
    expect(picture).toBeTruthy();
    expect(res.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${picture.thumbUrl || picture.url}">`,
    );
    for (const item of [...(api.pinned ?? []), ...api.items]) {
      expect(paint).toContain(`<span class="text-slate-900">${escapeHtml(item.title)}</span>`);
    }
    // Anything in the query changes the results: those pages draw their top only, as before.
    for (const url of ["/listings?search=radio", "/listings?kind=auction", "/search?q=radio"]) {
      const other = await app.inject(url);
      expect(other.body, url).not.toContain("served-answers");
      expect(other.body, url).not.toContain("data-first-paint-until");
    }
  });

  it("leaves missing and private pages to the app", async () => {
    for (const url of [
      "/nope",
      "/category/no-such-category",
      "/category/fashion/audio",
      "/listing/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
      "/my/bids",
      "/my/selling",
      "/account/settings",
      "/admin",
      "/orders/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
    ]) {
      expect((await paintOf(url)).paint, url).toBeNull();
    }
  });
});

describe("built files and compression", () => {
  it("sends a built script's precompressed copy the browser accepts, cached for good", async () => {
    const br = await app.inject({
      url: "/assets/main.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(MAIN_JS);

    const gz = await app.inject({ url: "/assets/main.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(MAIN_JS);

    const plain = await app.inject("/assets/main.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(MAIN_JS);
  });

  it("has every page and unhashed file checked again on each use", async () => {
    const page = await app.inject("/");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const icon = await app.inject("/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });

  it("has an uploaded picture cached for a year: its name never holds other bytes", async () => {
    const folder = path.join(app.config.uploadsDir, "listings", "seed");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, "cache-test-1.svg"),
      "<svg xmlns='http://www.w3.org/2000/svg'/>",
    );
    const res = await app.inject("/uploads/listings/seed/cache-test-1.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("compresses the API's JSON for a browser that accepts it", async () => {
    const res = await app.inject({ url: "/api/categories", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(body.items.length).toBeGreaterThan(0);
  });
});
