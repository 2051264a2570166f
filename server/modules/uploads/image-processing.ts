import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import { AppError, badRequest } from "../../errors";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Formats accepted by content; SVG is refused because it can carry scripts. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const MAX_PIXELS = 40_000_000;

export const NOT_AN_IMAGE = "Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).";

/**
 * Checks that the bytes are a whole image of an accepted format (whatever the file is called),
 * then decodes it fully, so a truncated or malformed file is refused here and not served later.
 */
export async function readImage(data: Buffer) {
  if (data.length > MAX_IMAGE_BYTES)
    throw badRequest("Images must be at most 10 MB.", undefined, "image_too_large");
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badRequest(NOT_AN_IMAGE, undefined, "not_an_image");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format))
    throw badRequest(NOT_AN_IMAGE, undefined, "not_an_image");
  const image = sharp(data, { limitInputPixels: MAX_PIXELS, failOn: "truncated" }).rotate();
  try {
    // Decoding every pixel is the only way to find a truncated file.
    await image.clone().raw().toBuffer({ resolveWithObject: false });
  } catch {
    throw badRequest(
      "This image is damaged or incomplete. Please choose another.",
      undefined,
      "image_damaged",
    );
  }
  return image;
}

/** A square avatar, re-encoded without metadata (no GPS position leaves with it). */
export async function avatarFrom(data: Buffer): Promise<Buffer> {
  const image = await readImage(data);
  return image.resize(256, 256, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
}

/** The bytes of the multipart field `file`; a missing file is 400, one over the limit 413. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file().catch(() => undefined);
  if (!file)
    throw badRequest("Please choose an image file.", { file: "Please choose an image file." });
  try {
    return await file.toBuffer();
  } catch {
    throw new AppError(413, "image_too_large", "Images must be at most 10 MB.");
  }
}
