import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { loadConfig } from "../config";
import { seedDatabase } from "../db/seed";
import { openTestDatabase, type TestDatabase } from "../test/build-test-app";
import { createListing } from "../test/factories";

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
