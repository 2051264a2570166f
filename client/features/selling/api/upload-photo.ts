import { uploadResultSchema } from "../../../../core/contracts/selling";
import { apiUpload } from "../../../lib/api-client";

/** The largest photo the page sends; the server checks again, by content. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /api/uploads (multipart, field "file"): one listing photo, re-encoded by the server.
 * Not a mutation hook: the photo picker runs many at once, each with its own progress.
 */
export function uploadPhoto(file: File, onProgress?: (share: number) => void) {
  return apiUpload("/api/uploads", uploadResultSchema, { field: "file", file, onProgress });
}
