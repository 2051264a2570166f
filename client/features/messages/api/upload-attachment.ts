import { attachmentSchema } from "../../../../core/contracts/messages";
import { apiUpload } from "../../../lib/api-client";

/**
 * POST /api/me/message-attachments (multipart, field "file"): one attachment, checked by content
 * on the server; its id is then sent with the message. Not a mutation hook: a message carries up
 * to five, each uploading with its own progress.
 */
export function uploadAttachment(file: File, onProgress?: (share: number) => void) {
  return apiUpload("/api/me/message-attachments", attachmentSchema, {
    field: "file",
    file,
    onProgress,
  });
}
