import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { Limiter, LimiterFullError } from "../../concurrency";
import { rows } from "../../db/rows";
import { AppError } from "../../errors";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";
import { MAX_IMAGE_PIXELS, processImage, readImage, readImageHeader } from "./image-processing";

const t = setUpTestApp();
let seller: Agent;
let sellerId: string;

beforeAll(async () => {
  const user = await createUser(t.database.db, "photographer");
  sellerId = user.id;
  seller = await signedInAgent(t.app, t.database.db, user.id);
});

function pngChunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG whose header (IHDR) claims width × height but whose pixel data is garbage: any attempt to
 * decode it fails, so only a check of the header alone can say anything about its size.
 */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", Buffer.alloc(1000, 0x5a)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A solid-colour PNG: the 6000×6000 one is about 110 KB, 108 MB once decoded. */
const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const solidJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c2410c" } })
    .jpeg()
    .toBuffer();

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function uploadCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from uploads where owner_id = ${sellerId}`,
  );
  return row?.n ?? 0;
}

describe("the pixel limit is read from the header, before any decoding", () => {
  it("refuses an image whose header claims too many pixels even when its data cannot be decoded", async () => {
    // Were the pixels decoded first, this file would be refused as damaged: "too many pixels"
    // proves the header alone decided, so a huge image costs nothing to refuse.
    const error = await refusal(readImage(pngHeaderOnly(6000, 6000)));
    expect(error).toMatchObject({ statusCode: 400, code: "image_too_many_pixels" });
    expect(error.message).toBe(
      "This image is too large (6000×6000 pixels): please use one of at most 25 megapixels.",
    );
  });

  it("draws the line at 25 megapixels: 5000×5000 passes the header check, 5000×5001 does not", async () => {
    expect(MAX_IMAGE_PIXELS).toBe(25_000_000);
    await expect(readImageHeader(pngHeaderOnly(5000, 5000))).resolves.toMatchObject({
      format: "png",
      width: 5000,
      height: 5000,
    });
    // Past the header, the garbage is still found by the full decode.
    expect(await refusal(readImage(pngHeaderOnly(5000, 5000)))).toMatchObject({
      code: "image_damaged",
    });
    expect(await refusal(readImage(pngHeaderOnly(5000, 5001)))).toMatchObject({
      code: "image_too_many_pixels",
    });
  });
});

describe("POST /api/uploads and /api/me/avatar with a file over 10 MB", () => {
  it("refuses it with 413 when its bytes arrive in pieces, however large, and stores nothing", async () => {
    const limit = 10 * 1024 * 1024;
    const picture = await solidPng(64, 64);
    const before = await uploadCount();
    // Over a socket a file arrives in pieces; one ending exactly at the limit used to hide the
    // rest, and the first 10 MB of a padded PNG still decode.
    for (const url of ["/api/uploads", "/api/me/avatar"]) {
      for (const size of [limit + 1, limit + 64 * 1024, 15 * 1024 * 1024]) {
        // A real picture padded past the limit: its first 10 MB still decode.
        const file = Buffer.alloc(size);
        picture.copy(file);
        const res = await seller.uploadInPieces(url, "big.png", "image/png", file);
        expect(res.statusCode, `${url}, ${size} bytes: ${res.body}`).toBe(413);
        expect(res.json().error.message).toBe("Images must be at most 10 MB.");
      }
    }
    expect(await uploadCount()).toBe(before);
  });
});

describe("POST /api/uploads and /api/me/avatar with a small file of huge dimensions", () => {
  it("refuses a 6000×6000 PNG of about 100 KB as too many pixels, and stores nothing", async () => {
    const bomb = await solidPng(6000, 6000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = await uploadCount();
    const res = await seller.upload("/api/uploads", "bomb.png", "image/png", bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: "image_too_many_pixels",
        message:
          "This image is too large (6000×6000 pixels): please use one of at most 25 megapixels.",
      },
    });
    expect(await uploadCount()).toBe(before);

    const avatar = await seller.upload("/api/me/avatar", "bomb.png", "image/png", bomb);
    expect(avatar.statusCode, avatar.body).toBe(400);
    expect(avatar.json().error.code).toBe("image_too_many_pixels");
  });

  it("still takes a 6000×4000 camera photo, stored at 1600 px", async () => {
    const res = await seller.upload(
      "/api/uploads",
      "camera.jpg",
      "image/jpeg",
      await solidJpeg(6000, 4000),
    );
    expect(res.statusCode, res.body).toBe(201);
    const upload = res.json() as { url: string; thumbUrl: string; width: number; height: number };
    expect(upload).toMatchObject({ width: 1600, height: 1067 });
    const file = (url: string) => path.join(t.app.config.uploadsDir, url.slice("/uploads/".length));
    expect(await sharp(fs.readFileSync(file(upload.url))).metadata()).toMatchObject({
      format: "webp",
      width: 1600,
      height: 1067,
    });
    expect(await sharp(fs.readFileSync(file(upload.thumbUrl))).metadata()).toMatchObject({
      format: "webp",
      width: 480,
      height: 320,
    });
  });

  it("still takes a 4000×3000 phone photo as an avatar", async () => {
    const res = await seller.upload(
      "/api/me/avatar",
      "me.jpg",
      "image/jpeg",
      await solidJpeg(4000, 3000),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it("counts the first frame of an animation only, which is all that is decoded and kept", async () => {
    // Three frames of 200×200, each its own grey (identical frames would be merged by the encoder).
    const edge = 200;
    const frames = 3;
    const pixels = Buffer.alloc(edge * edge * frames);
    for (let i = 0; i < frames; i++) pixels.fill(60 * i, i * edge * edge, (i + 1) * edge * edge);
    const gif = await sharp(pixels, {
      raw: { width: edge, height: edge * frames, channels: 1, pageHeight: edge },
    })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(frames);
    // The limit weighs one frame, not width × height × frames.
    await expect(readImageHeader(gif)).resolves.toEqual({
      format: "gif",
      width: edge,
      height: edge,
    });
    const res = await seller.upload("/api/uploads", "moving.gif", "image/gif", gif);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: edge, height: edge });
  });

  it("keeps a 16-bit PNG with transparency right through the single decode", async () => {
    const deep = await sharp({
      create: {
        width: 2400,
        height: 1200,
        channels: 4,
        background: { r: 0, g: 128, b: 255, alpha: 0.5 },
      },
    })
      .toColourspace("rgb16")
      .png()
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe("ushort");
    const res = await seller.upload("/api/uploads", "deep.png", "image/png", deep);
    expect(res.statusCode, res.body).toBe(201);
    const upload = res.json() as { url: string };
    const stored = fs.readFileSync(
      path.join(t.app.config.uploadsDir, upload.url.slice("/uploads/".length)),
    );
    expect(await sharp(stored).metadata()).toMatchObject({
      width: 1600,
      height: 800,
      hasAlpha: true,
    });
    // Its colour and half transparency survive the trip through 8-bit raw pixels.
    const pixel = await sharp(stored)
      .extract({ left: 800, top: 400, width: 1, height: 1 })
      .raw()
      .toBuffer();
    const expected = [0, 128, 255, 128];
    for (const [i, value] of [...pixel].entries())
      expect(Math.abs(value - (expected[i] ?? 0))).toBeLessThanOrEqual(4);
  });
});

/** A promise with its resolve at hand: the test decides when each task ends. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Lets every already settled promise run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("Limiter", () => {
  it("never runs more than its limit at once and starts the waiting in order", async () => {
    const limiter = new Limiter(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let active = 0;
    let mostAtOnce = 0;
    const done = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        active++;
        mostAtOnce = Math.max(mostAtOnce, active);
        await g.opened;
        active--;
        return i * 10;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([limiter.running, limiter.queued]).toEqual([2, 3]);
    gates[1]?.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect([limiter.running, limiter.queued]).toEqual([2, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(done)).toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(mostAtOnce).toBe(2);
    expect([limiter.running, limiter.queued]).toEqual([0, 0]);
  });

  it("frees the place of a task that fails", async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limiter.run(async () => "next")).resolves.toBe("next");
    expect(limiter.running).toBe(0);
  });

  it("refuses at once a task that would wait behind a full line", async () => {
    const limiter = new Limiter(1, 1);
    const g = gate();
    const first = limiter.run(() => g.opened);
    const second = limiter.run(async () => "second");
    await expect(limiter.run(async () => "third")).rejects.toBeInstanceOf(LimiterFullError);
    g.open();
    await first;
    await expect(second).resolves.toBe("second");
  });
});

describe("processImage", () => {
  it("holds images past its slots in line and answers 503 once the line is full", async () => {
    const photo = await solidJpeg(64, 48);
    const g = gate();
    let atOnce = 0;
    let mostAtOnce = 0;
    const attempts = Array.from({ length: 40 }, () =>
      processImage(photo, async () => {
        atOnce++;
        mostAtOnce = Math.max(mostAtOnce, atOnce);
        await g.opened;
        atOnce--;
      }),
    );
    // Wait until every attempt has either taken its place or been turned away.
    const refused: AppError[] = [];
    for (const a of attempts) a.catch((e: AppError) => refused.push(e));
    while (refused.length + mostAtOnce < 40 - 24) await settle();
    g.open();
    const outcomes = await Promise.allSettled(attempts);
    const failures = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(mostAtOnce).toBeGreaterThanOrEqual(1);
    expect(mostAtOnce).toBeLessThanOrEqual(2);
    // 40 attempts: one or two running, 24 waiting, the rest refused.
    expect(failures).toHaveLength(40 - 24 - mostAtOnce);
    for (const f of failures)
      expect(f).toMatchObject({
        statusCode: 503,
        code: "images_busy",
        message: "Too many photos are being processed. Please try again in a moment.",
      });
  });
});
