import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Attachment } from "../../../core/contracts/messages";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { messageAttachments } from "../../db/schema/messages";
import { AppError, badRequest, notFound } from "../../errors";
import { PRIVATE_PREFIX, type Storage } from "../../plugins/storage";
import { isAcceptedImageFormat } from "../uploads/image-processing";
import { encodePhoto } from "../uploads/uploads.service";
import {
  contentDisposition,
  fileContentType,
  refusalOf,
  sanitizeFileName,
  webpName,
} from "./attachment-content";
import { canSeeAttachment } from "./messages.policy";

/** An unsent attachment is kept this long: the sender may still be writing their message. */
export const UNSENT_ATTACHMENT_HOURS = 24;

/** Where an attachment is served (to those allowed), and its thumbnail for an image. */
export function attachmentUrls(id: string, type: "image" | "file") {
  const url = `/api/me/message-attachments/${id}`;
  return { url, thumbUrl: type === "image" ? `${url}?size=thumb` : null };
}

/** An attachment row as the API shows it. */
export function toAttachment(row: {
  id: string;
  type: string;
  name: string;
  size: number;
  width: number | null;
  height: number | null;
}): Attachment {
  // The CHECK constraint keeps any other type out of the table.
  const type = row.type as Attachment["type"];
  return {
    id: row.id,
    type,
    ...attachmentUrls(row.id, type),
    name: row.name,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/** Whether sharp reads the content as an image, and as which format ("svg" is one it reads). */
async function imageFormat(data: Buffer): Promise<string | null> {
  try {
    // The header only: pixels are decoded later, once, through the photo checks.
    const meta = await sharp(data, { limitInputPixels: false, pages: 1 }).metadata();
    return meta.format ?? null;
  } catch {
    return null;
  }
}

export interface UploadedFile {
  data: Buffer;
  /** The name the browser sent; only ever shown after sanitizeFileName. */
  filename: string | undefined;
}

/**
 * Stores a file for a message the uploader is about to send. Judged by its content: what sharp
 * decodes as a photo format is an 'image', taken through the listing photos' checks and limits and
 * re-encoded to WebP with a thumbnail (no metadata kept); SVG is refused; anything else is a
 * 'file' stored as sent, unless it is a program, a script or a web page (by content or name).
 * It stays the uploader's alone, unsent, until a message takes it.
 */
export async function createAttachment(
  db: Db,
  storage: Storage,
  uploaderId: string,
  file: UploadedFile,
): Promise<Attachment> {
  if (file.data.length === 0)
    throw badRequest("This file is empty.", { file: "This file is empty." });
  const name = sanitizeFileName(file.filename);
  const format = await imageFormat(file.data);
  const isImage = isAcceptedImageFormat(format ?? undefined);
  const refusal =
    format === "svg"
      ? "SVG images can't be sent. Please send a JPEG, PNG or WebP image."
      : refusalOf(name, file.data, isImage);
  if (refusal) throw badRequest(refusal, { file: refusal }, ERROR_CODES.attachmentRefused);

  // A random key: nothing the user typed (the file name included) ends up in a storage key.
  const base = `${PRIVATE_PREFIX}messages/${uploaderId}/${randomUUID()}`;
  let stored: typeof messageAttachments.$inferInsert;
  if (isImage) {
    const { large, thumb } = await encodePhoto(file.data);
    stored = {
      uploaderId,
      type: "image",
      key: `${base}.webp`,
      thumbKey: `${base}-thumb.webp`,
      name,
      size: large.data.length,
      contentType: "image/webp",
      width: large.info.width,
      height: large.info.height,
    };
    await Promise.all([
      storage.put(stored.key, large.data, "image/webp"),
      storage.put(stored.thumbKey as string, thumb, "image/webp"),
    ]);
  } else {
    const contentType = fileContentType(name);
    stored = {
      uploaderId,
      type: "file",
      key: base,
      name,
      size: file.data.length,
      contentType,
    };
    await storage.put(stored.key, file.data, contentType);
  }
  try {
    const [row] = await db.insert(messageAttachments).values(stored).returning();
    if (!row) throw new Error("attachment insert returned nothing");
    return toAttachment(row);
  } catch (error) {
    // No row, no file: a failed insert must not leave orphans in the bucket.
    await Promise.allSettled(
      [stored.key, stored.thumbKey].flatMap((k) => (k ? [storage.delete(k)] : [])),
    );
    throw error;
  }
}

/** An attachment's bytes with the headers it is served with. */
export interface AttachmentFile {
  data: Buffer;
  contentType: string;
  contentDisposition: string;
}

/**
 * The stored bytes of an attachment (or an image's thumbnail) for someone allowed to see it: its
 * uploader while unsent, the conversation's two participants once sent. Everyone else, like a
 * thumbnail of a file or a missing object, gets 404.
 */
export async function readAttachment(
  db: Db,
  storage: Storage,
  userId: string,
  id: string,
  size: "full" | "thumb",
): Promise<AttachmentFile> {
  const [row] = await rows<{
    type: string;
    key: string;
    thumbKey: string | null;
    name: string;
    contentType: string;
    uploaderId: string;
    messageId: string | null;
    userA: string | null;
    userB: string | null;
  }>(
    db,
    sql`select ma.type, ma.key, ma.thumb_key as "thumbKey", ma.name, ma.content_type as "contentType",
          ma.uploader_id as "uploaderId", ma.message_id as "messageId",
          c.user_a as "userA", c.user_b as "userB"
        from message_attachments ma
        left join messages m on m.id = ma.message_id
        left join conversations c on c.id = m.conversation_id
        where ma.id = ${id}`,
  );
  const missing = () => notFound("Attachment not found.", ERROR_CODES.attachmentNotFound);
  if (!row || !canSeeAttachment(row, userId)) throw missing();
  const key = size === "thumb" ? row.thumbKey : row.key;
  if (!key) throw missing();
  const object = await storage.get(key);
  if (!object) throw missing();
  const isImage = row.type === "image";
  return {
    data: object.data,
    contentType: row.contentType,
    // Images show in the chat; any other file is only ever a download, never rendered by the site.
    contentDisposition: isImage
      ? contentDisposition("inline", webpName(row.name))
      : contentDisposition("attachment", row.name),
  };
}

/**
 * Deletes attachments never sent and older than UNSENT_ATTACHMENT_HOURS (a message abandoned after
 * its files were chosen), rows first, then their files. Sending takes the rows it attaches with
 * a row lock, so a file cannot vanish under a message being sent.
 */
export async function cleanUpUnsentAttachments(
  db: Db,
  storage: Storage,
  log?: (err: unknown, msg: string) => void,
): Promise<number> {
  const gone = await rows<{ key: string; thumbKey: string | null }>(
    db,
    sql`delete from message_attachments
        where message_id is null
          and created_at < now() - make_interval(hours => ${UNSENT_ATTACHMENT_HOURS})
        returning key, thumb_key as "thumbKey"`,
  );
  for (const file of gone) {
    // A file left behind is only wasted space; the row is what matters, and it is gone.
    await Promise.all(
      [file.key, file.thumbKey].flatMap((k) => (k ? [storage.delete(k)] : [])),
    ).catch((err) => log?.(err, "could not delete an unsent attachment's files"));
  }
  return gone.length;
}

/** The 413 of a file over MESSAGE_LIMITS.attachmentBytes. */
export function fileTooLarge(): AppError {
  return new AppError(413, ERROR_CODES.fileTooLarge, "Files must be at most 10 MB.");
}
