import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type Attachment, MESSAGE_LIMITS } from "../../../../core/contracts/messages";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { uploadAttachment } from "../api/upload-attachment";
import { formatFileSize } from "../components/chat-format";

/** One file of the composer: on its way up, uploaded, or refused. */
export interface PendingAttachment {
  key: string;
  name: string;
  size: number;
  status: "uploading" | "done" | "error";
  /** 0 to 1 while uploading. */
  progress: number;
  attachment: Attachment | null;
  error: string | null;
}

const MAX_FILES = MESSAGE_LIMITS.attachmentsPerMessage;
const MAX_BYTES = MESSAGE_LIMITS.attachmentBytes;

export const TOO_MANY_FILES = `You can attach up to ${MAX_FILES} files to a message.`;
export const tooLarge = (name: string) =>
  `"${name}" is too large: files can be at most ${formatFileSize(MAX_BYTES)}.`;

let nextKey = 0;
const newKey = () => `attachment-${++nextKey}`;

/**
 * The composer's attachments: each chosen file uploads at once with its own progress; the ids of
 * the uploaded ones go with the message. The count and size limits are checked here before any
 * upload, so a refused file costs no bytes (the server checks again, and judges the content).
 */
export function useAttachmentUploads() {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const mounted = useRef(true);
  // Uploads started for a message already sent (or removed) must not come back when they finish.
  const live = useRef(new Set<string>());

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((key: string, change: Partial<PendingAttachment>) => {
    if (!mounted.current || !live.current.has(key)) return;
    setItems((current) => current.map((a) => (a.key === key ? { ...a, ...change } : a)));
  }, []);

  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const room = MAX_FILES - items.length;
      const problems: string[] = [];
      if (files.length > room) problems.push(TOO_MANY_FILES);
      const added: PendingAttachment[] = [];
      for (const file of files.slice(0, Math.max(0, room))) {
        if (file.size > MAX_BYTES) {
          problems.push(tooLarge(file.name));
          continue;
        }
        const key = newKey();
        live.current.add(key);
        added.push({
          key,
          name: file.name,
          size: file.size,
          status: "uploading",
          progress: 0,
          attachment: null,
          error: null,
        });
        uploadAttachment(file, (share) => update(key, { progress: share }))
          .then((attachment) => update(key, { status: "done", progress: 1, attachment }))
          .catch((error: unknown) =>
            update(key, {
              status: "error",
              error: error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE,
            }),
          );
      }
      setNotice(problems.length > 0 ? problems.join(" ") : null);
      if (added.length > 0) setItems((current) => [...current, ...added]);
    },
    [items.length, update],
  );

  const remove = useCallback((key: string) => {
    live.current.delete(key);
    setNotice(null);
    setItems((current) => current.filter((a) => a.key !== key));
  }, []);

  const clear = useCallback(() => {
    live.current.clear();
    setNotice(null);
    setItems([]);
  }, []);

  const ids = useMemo(
    () => items.flatMap((a) => (a.status === "done" && a.attachment ? [a.attachment.id] : [])),
    [items],
  );
  const uploading = items.some((a) => a.status === "uploading");
  const failed = items.some((a) => a.status === "error");

  return {
    items,
    ids,
    uploading,
    failed,
    notice,
    addFiles,
    remove,
    clear,
    full: items.length >= MAX_FILES,
  };
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
