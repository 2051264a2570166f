import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { rows } from "../db/rows";
import { listingImages } from "../db/schema/listings";
import { SVG_POLICY } from "../modules/site/web-app";
import { diskStorage, type Storage, type StoredObject } from "../plugins/storage";
import { openTestDatabase, type TestDatabase } from "../test/build-test-app";
import { buildSeedPlan, seedDatabase, seedImageJobs } from "./seed";
import { CATEGORY_TREE } from "./seed-data";
import { DRAWINGS } from "./seed-drawings/catalog";
import {
  renderSeedImageSvg,
  SEED_IMAGE_PREFIX,
  type SeedImageJob,
  seedImageRef,
  writeSeedImages,
} from "./seed-images";

const sha = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");
const TITLES = CATEGORY_TREE.flatMap((c) =>
  c.subcategories.flatMap((s) => s.templates.map((t) => t.title)),
);
const JOBS = seedImageJobs(buildSeedPlan(new Date("2025-06-15T12:00:00.000Z")));

/** Storage in memory that counts writes and answers bucket-style URLs, as S3 would. */
function memoryStorage() {
  const objects = new Map<string, StoredObject>();
  const counts = { puts: 0, gets: 0 };
  const storage: Storage = {
    async put(key, data, contentType) {
      counts.puts++;
      objects.set(key, { data, contentType });
      return { url: `https://bucket.example/${key}` };
    },
    async get(key) {
      counts.gets++;
      return objects.get(key) ?? null;
    },
    async delete(key) {
      objects.delete(key);
    },
  };
  return { storage, objects, counts };
}

describe("seed drawings", () => {
  it("has exactly one drawing per demo item", () => {
    expect(new Set(TITLES).size).toBe(TITLES.length);
    expect(TITLES.filter((t) => !DRAWINGS[t])).toEqual([]);
    expect(Object.keys(DRAWINGS).filter((t) => !TITLES.includes(t))).toEqual([]);
  });

  it("never gives two items the same drawing or the same picture", () => {
    const drawings = new Map<string, string>();
    for (const title of TITLES) {
      const digest = sha(DRAWINGS[title]?.svg ?? "");
      expect(drawings.get(digest), `${title} draws like ${drawings.get(digest)}`).toBeUndefined();
      drawings.set(digest, title);
    }
    const pictures = new Set<string>();
    let count = 0;
    for (const job of JOBS) {
      for (let n = 1; n <= job.count; n++) {
        pictures.add(sha(renderSeedImageSvg(job, n)));
        count++;
      }
    }
    expect(pictures.size).toBe(count);
  });

  it("shows a listing's photos as other views of its own item", () => {
    for (const title of TITLES.slice(0, 40)) {
      const drawing = DRAWINGS[title]?.svg ?? "";
      const views = [1, 2, 3, 4].map((n) => renderSeedImageSvg({ key: "x", title }, n));
      for (const view of views) expect(view).toContain(drawing);
      expect(new Set(views).size).toBe(4);
    }
  });

  it("puts no text, script, link or outside reference in any picture", () => {
    for (const title of TITLES) {
      for (let n = 1; n <= 4; n++) {
        const svg = renderSeedImageSvg({ key: "x", title }, n);
        expect(
          svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"'),
        ).toBe(true);
        // No words: the title is under the picture on every card, and pictures stay language-free.
        expect(svg).not.toMatch(/<(text|tspan|textPath|foreignObject|script|image|a|use|style)\b/i);
        expect(svg).not.toMatch(/\son[a-z]+=|href|javascript:|@import/i);
        // Only references to the picture's own gradients and clip paths.
        expect(svg.match(/url\([^)]*\)/g)?.every((u) => /^url\(#[\w-]+\)$/.test(u)) ?? true).toBe(
          true,
        );
        // Ids are unique within one file, or a gradient or clip would take another's shape.
        const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
  });

  it("rasterises every item to a distinct, non-blank picture at thumbnail size", async () => {
    const seen = new Map<string, string>();
    for (const title of TITLES) {
      const svg = Buffer.from(renderSeedImageSvg({ key: "x", title }, 1));
      // Density 9 of the 72 the file is drawn at: an 100 px render, about a phone card's size.
      const { data, info } = await sharp(svg, { density: 9 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(100);
      let min = 255;
      let max = 0;
      for (const v of data) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
      expect(max - min, `${title} renders blank`).toBeGreaterThan(80);
      const digest = sha(data);
      expect(seen.get(digest), `${title} looks like ${seen.get(digest)}`).toBeUndefined();
      seen.set(digest, title);
    }
  });
});

describe("seeding pictures into storage", () => {
  let testDb: TestDatabase;
  let database: Database;
  const memory = memoryStorage();
  const pictureKeys = () =>
    [...memory.objects.keys()].filter((k) => k.startsWith(SEED_IMAGE_PREFIX));

  beforeAll(async () => {
    testDb = await openTestDatabase();
    database = testDb.database;
    await seedDatabase(database.db, { storage: memory.storage });
  });

  afterAll(async () => {
    await testDb?.dispose();
  });

  it("writes one SVG per listing photo, and the rows point at the storage's URLs", async () => {
    const images = await database.db.select().from(listingImages);
    expect(images.length).toBeGreaterThan(300);
    // One picture may serve several listings: the demo's sold history shows its item's pictures.
    expect(pictureKeys().length).toBe(new Set(images.map((i) => i.url)).size);
    for (const image of images) {
      const key = image.url.replace("https://bucket.example/", "");
      expect(image.url).toBe(`https://bucket.example/${key}`);
      expect(image.thumbUrl).toBe(image.url);
      const stored = memory.objects.get(key);
      expect(stored?.contentType).toBe("image/svg+xml");
      expect(stored?.data.toString()).toMatch(/^<svg /);
    }
    const lines = await rows<{ imageUrl: string | null }>(
      database.db,
      sql`select image_url as "imageUrl" from order_lines`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line.imageUrl).toMatch(/^https:\/\/bucket\.example\/listings\/seed\//);
  });

  it("stores the demo messages' photo attachments as WebP in private storage", async () => {
    const attachments = await rows<{ key: string; thumbKey: string; size: number }>(
      database.db,
      sql`select key, thumb_key as "thumbKey", size from message_attachments where key like 'private/messages/seed/%'`,
    );
    expect(attachments.length).toBeGreaterThan(0);
    for (const a of attachments) {
      const large = memory.objects.get(a.key);
      const thumb = memory.objects.get(a.thumbKey);
      expect(large?.contentType).toBe("image/webp");
      expect(a.size).toBe(large?.data.length);
      expect((await sharp(large?.data).metadata()).width).toBe(800);
      expect((await sharp(thumb?.data).metadata()).width).toBe(320);
    }
  });

  it("writes nothing when a seeded database starts again", async () => {
    const before = { ...memory.counts };
    expect(await seedDatabase(database.db, { storage: memory.storage })).toEqual({ seeded: false });
    expect(memory.counts.puts).toBe(before.puts);
    // One read for the pictures and two per demo attachment (picture and thumbnail).
    expect(memory.counts.gets - before.gets).toBeLessThanOrEqual(10);
  });

  it("writes the pictures again when the storage lost them", async () => {
    const keys = pictureKeys();
    for (const key of keys) memory.objects.delete(key);
    await seedDatabase(database.db, { storage: memory.storage });
    expect(pictureKeys().sort()).toEqual(keys.sort());
    const puts = memory.counts.puts;
    await seedDatabase(database.db, { storage: memory.storage });
    expect(memory.counts.puts).toBe(puts);
  });
});

describe("serving seed pictures from disk", () => {
  let testDb: TestDatabase;
  let app: App;
  let dir: string;
  const job: SeedImageJob = {
    key: "001-bronze-sea-turtle-sculpture",
    title: "Bronze Sea Turtle Sculpture",
    count: 2,
  };

  beforeAll(async () => {
    testDb = await openTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-seed-images-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent" });
    app = await buildApp({ config, database: testDb.database, logger: false });
    await app.ready();
    await writeSeedImages(diskStorage(config.uploadsDir), [job]);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends the SVG as an image with a policy that allows no script", async () => {
    const ref = seedImageRef(job.key, 2);
    expect(ref.url).toBe(`/uploads/listings/seed/${job.key}-2.svg`);
    const res = await app.inject({ method: "GET", url: ref.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["content-security-policy"]).toBe(SVG_POLICY);
    expect(SVG_POLICY).toContain("default-src 'none'");
    expect(SVG_POLICY).not.toMatch(/script-src/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.body).toBe(renderSeedImageSvg(job, 2));
  });

  it("keeps the page's own policy on other uploads", async () => {
    fs.mkdirSync(path.join(dir, "uploads", "listings"), { recursive: true });
    fs.writeFileSync(path.join(dir, "uploads", "listings", "photo.webp"), Buffer.from("RIFF"));
    const res = await app.inject({ method: "GET", url: "/uploads/listings/photo.webp" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).not.toBe(SVG_POLICY);
  });
});
