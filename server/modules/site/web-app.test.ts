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
    // Only the <title> element was swapped: what came before and after it is unchanged.
    expect(html.startsWith(`${HEAD}<title>`)).toBe(true);
    expect(html.endsWith(TAIL)).toBe(true);
  });

  it("serves other pages' HTML unchanged", async () => {
    const res = await app.inject("/search?q=$&");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
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

  it("compresses the API's JSON for a browser that accepts it", async () => {
    const res = await app.inject({ url: "/api/categories", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(body.items.length).toBeGreaterThan(0);
  });
});
