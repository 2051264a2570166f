import os from "node:os";
import type { FastifyRequest } from "fastify";
import sharp, { type Metadata, type Sharp } from "sharp";
import { ERROR_CODES } from "../../../core/errors";
import { Limiter, LimiterFullError } from "../../concurrency";
import { AppError, badRequest } from "../../errors";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Formats accepted by content; SVG is refused because it can carry scripts. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/** Whether sharp's name for a format is one taken as a photo (SVG, PDF and the like are not). */
export function isAcceptedImageFormat(format: string | undefined): boolean {
  return format !== undefined && ACCEPTED_FORMATS.has(format);
}

/**
 * The most pixels an image may have. What an image costs to decode grows with its pixels, not its
 * bytes: a 6000×6000 PNG of one colour is about 100 KB on the wire and 108 MB once decoded. We keep
 * 1600 px on the long side of a listing photo (under 2 MP) and 256 px of an avatar, so 25 MP leaves
 * room for any camera's usual output: phones save 12 MP (their 48-50 MP sensors bin to 12 MP unless
 * a "high resolution" mode is chosen) and a 24 MP camera saves 6000×4000, which passes; a 6000×6000
 * image does not. Sellers with larger originals have to export them smaller.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
const MAX_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;

/**
 * How many images this process works on at once; the rest wait their turn. Each one keeps a thread
 * of libuv's pool busy (UV_THREADPOOL_SIZE, 4 by default), the pool that file writes and sign-in's
 * scrypt need too: eight large photos at once took all of it and 500 MB. So at most half the pool,
 * and no more than the cores. Measured on 2 cores with 8 photos of 24 MP (bench/image-bomb.ts): one
 * at a time took 8-9 s in all, two 4 s, with /healthz as quick either way (p50 4 ms).
 */
const IMAGE_SLOTS = Math.max(
  1,
  Math.min(
    os.availableParallelism(),
    Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2),
  ),
);
/**
 * Images allowed to wait for a slot: two sellers' full sets of photos (12 each). A request waiting
 * holds only its upload, already read; past this line the wait would be long enough that refusing
 * at once (503) and letting the seller retry is kinder than a spinner.
 */
const IMAGE_QUEUE = 24;
const imageWork = new Limiter(IMAGE_SLOTS, IMAGE_QUEUE);

// One libvips thread per image (already the default of glibc builds, but the number of cores
// elsewhere): the cores busy decoding are then bounded by IMAGE_SLOTS alone.
sharp.concurrency(1);
// libvips' operation cache keeps recent results (up to 50 MB) to reuse them, but every upload is a
// new buffer, so it never hits here. Measured without it: same time, RSS within the run's noise.
sharp.cache(false);

/**
 * Options for every sharp instance reading an upload. `pages: 1` decodes the first frame of an
 * animated GIF or WebP only (the stored picture is a still), so a file of many frames costs one;
 * `limitInputPixels` is a second guard behind the header check.
 */
const INPUT = { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1, failOn: "truncated" } as const;

export const NOT_AN_IMAGE = "Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).";
const IMAGES_BUSY = "Too many photos are being processed. Please try again in a moment.";

/** What an image's header says, read without decoding a pixel. */
export interface ImageHeader {
  format: string;
  width: number;
  /** The height of the first frame (the one decoded). */
  height: number;
}

/**
 * Reads the format and size from the header alone and refuses, before any decoding, a file that is
 * too big, not an image of an accepted format, or of more than MAX_IMAGE_PIXELS pixels.
 */
export async function readImageHeader(data: Buffer): Promise<ImageHeader> {
  if (data.length > MAX_IMAGE_BYTES)
    throw badRequest("Images must be at most 10 MB.", undefined, ERROR_CODES.imageTooLarge);
  let meta: Metadata;
  try {
    // No pixel limit here: this reads the header only, and a too large image earns its own message
    // below rather than libvips' "exceeds pixel limit" taken for "not an image".
    meta = await sharp(data, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(NOT_AN_IMAGE, undefined, ERROR_CODES.notAnImage);
  }
  const { format, width, height } = meta;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height)
    throw badRequest(NOT_AN_IMAGE, undefined, ERROR_CODES.notAnImage);
  if (width * height > MAX_IMAGE_PIXELS)
    throw badRequest(
      `This image is too large (${width}×${height} pixels): please use one of at most ${MAX_MEGAPIXELS} megapixels.`,
      undefined,
      ERROR_CODES.imageTooManyPixels,
    );
  return { format, width, height };
}

/**
 * Checks the header (readImageHeader), then decodes the whole image, so a truncated or malformed
 * file is refused here and not served later; answers it turned upright by its EXIF orientation.
 * It does not wait for a slot: callers go through processImage.
 */
export async function readImage(data: Buffer): Promise<Sharp> {
  await readImageHeader(data);
  return decodeWhole(data);
}

/** Decodes every pixel of an image whose header was checked, and answers it turned upright. */
async function decodeWhole(data: Buffer): Promise<Sharp> {
  try {
    // Decoding every pixel is the only way to find a truncated file. Shrinking to a few pixels
    // reads them all (no shrink-on-load) without keeping them: a full decode into a buffer held
    // 84 MB for a 24 MP JPEG, this 4 MB, and it refuses the same truncated files.
    await sharp(data, INPUT)
      .resize(64, 64, { fit: "inside", fastShrinkOnLoad: false, withoutEnlargement: true })
      .raw()
      .toBuffer();
  } catch {
    throw badRequest(
      "This image is damaged or incomplete. Please choose another.",
      undefined,
      ERROR_CODES.imageDamaged,
    );
  }
  return sharp(data, INPUT).rotate();
}

/**
 * Judges `data` as an image (its header first, then in full) and runs `work` on it; the decoding and
 * `work` hold one of this process's image slots, and when too many images wait already it is 503.
 */
export async function processImage<T>(
  data: Buffer,
  work: (image: Sharp) => Promise<T>,
): Promise<T> {
  // Before taking a place in line: a refused bomb never waits behind honest photos, nor they behind it.
  await readImageHeader(data);
  try {
    return await imageWork.run(async () => work(await decodeWhole(data)));
  } catch (error) {
    if (error instanceof LimiterFullError)
      throw new AppError(503, ERROR_CODES.imagesBusy, IMAGES_BUSY);
    throw error;
  }
}

/** A square avatar, re-encoded without metadata (no GPS position leaves with it). */
export function avatarFrom(data: Buffer): Promise<Buffer> {
  return processImage(data, (image) =>
    image.resize(256, 256, { fit: "cover" }).webp({ quality: 82 }).toBuffer(),
  );
}

/** The bytes of the multipart field `file`; a missing file is 400, one over the limit 413. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file().catch(() => undefined);
  if (!file)
    throw badRequest("Please choose an image file.", { file: "Please choose an image file." });
  const tooLarge = () =>
    new AppError(413, ERROR_CODES.imageTooLarge, "Images must be at most 10 MB.");
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch {
    throw tooLarge();
  }
  // toBuffer throws only when a piece arrives after the limit; when a piece ends exactly at it, the
  // parser drops the rest and the stream just ends, so only `truncated` tells the file was larger.
  if (file.file.truncated) throw tooLarge();
  return data;
}
