import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { UploadResult } from "../../../../core/contracts/selling";
import { MAX_PHOTOS_PER_LISTING } from "../../../../core/limits";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { PHOTO_MAX_BYTES, uploadPhoto } from "../api/upload-photo";

/** One tile of the photo picker: a file on its way up, uploaded, or refused. */
export interface PhotoTile {
  key: string;
  name: string;
  status: "uploading" | "done" | "error";
  /** 0 to 1 while uploading. */
  progress: number;
  /** A local preview while uploading; the server's thumbnail once done. */
  previewUrl: string | null;
  upload: UploadResult | null;
  error: string | null;
}

export const NOT_AN_IMAGE = "Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).";
export const TOO_LARGE = "Images must be at most 10 MB.";

let nextKey = 0;
const newKey = () => `photo-${++nextKey}`;

function tileFromUpload(upload: UploadResult): PhotoTile {
  return {
    key: upload.id,
    name: "",
    status: "done",
    progress: 1,
    previewUrl: upload.thumbUrl,
    upload,
    error: null,
  };
}

/**
 * The photos of one listing form: each chosen file uploads at once (with its progress), then shows
 * the server's thumbnail; tiles can be moved and removed. The ids of the uploaded ones, in order,
 * are what the listing is sent with. At most MAX_PHOTOS_PER_LISTING; the rest are refused here.
 */
export function usePhotoUploads(initial: UploadResult[] = []) {
  const [tiles, setTiles] = useState<PhotoTile[]>(() => initial.map(tileFromUpload));
  const [notice, setNotice] = useState<string | null>(null);
  // Local previews are object URLs; they are freed when their tile goes or the form closes.
  const objectUrls = useRef(new Map<string, string>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const urls = objectUrls.current;
    return () => {
      mounted.current = false;
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const freePreview = useCallback((key: string) => {
    const url = objectUrls.current.get(key);
    if (url) URL.revokeObjectURL(url);
    objectUrls.current.delete(key);
  }, []);

  const update = useCallback((key: string, change: Partial<PhotoTile>) => {
    if (!mounted.current) return;
    setTiles((current) => current.map((t) => (t.key === key ? { ...t, ...change } : t)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      uploadPhoto(file, (share) => update(key, { progress: share }))
        .then((upload) => {
          freePreview(key);
          update(key, {
            status: "done",
            progress: 1,
            upload,
            previewUrl: upload.thumbUrl,
          });
        })
        .catch((error: unknown) => {
          // A refused file is often no picture at all: the tile shows the reason instead.
          freePreview(key);
          update(key, {
            status: "error",
            previewUrl: null,
            error: error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE,
          });
        });
    },
    [update, freePreview],
  );

  /** Adds files (from the picker or a drop), as many as still fit. */
  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const room = MAX_PHOTOS_PER_LISTING - tiles.length;
      const accepted = files.slice(0, Math.max(0, room));
      const refused = files.length - accepted.length;
      setNotice(
        refused > 0
          ? `You can add up to ${MAX_PHOTOS_PER_LISTING} photos. ${
              refused === 1 ? "1 photo was" : `${refused} photos were`
            } not added.`
          : null,
      );

      const added: PhotoTile[] = [];
      const toUpload: [string, File][] = [];
      for (const file of accepted) {
        const key = newKey();
        // The server judges the content; these two checks only spare a pointless upload.
        const error =
          file.type && !file.type.startsWith("image/")
            ? NOT_AN_IMAGE
            : file.size > PHOTO_MAX_BYTES
              ? TOO_LARGE
              : null;
        let previewUrl: string | null = null;
        if (!error) {
          previewUrl = URL.createObjectURL(file);
          objectUrls.current.set(key, previewUrl);
          toUpload.push([key, file]);
        }
        added.push({
          key,
          name: file.name,
          status: error ? "error" : "uploading",
          progress: 0,
          previewUrl,
          upload: null,
          error,
        });
      }
      setTiles((current) => [...current, ...added]);
      for (const [key, file] of toUpload) start(key, file);
    },
    [tiles.length, start],
  );

  const remove = useCallback(
    (key: string) => {
      freePreview(key);
      setNotice(null);
      setTiles((current) => current.filter((t) => t.key !== key));
    },
    [freePreview],
  );

  /** Moves a tile by `offset` places (-1 left, +1 right), or to `to` when given. */
  const move = useCallback((key: string, offset: number) => {
    setTiles((current) => {
      const from = current.findIndex((t) => t.key === key);
      const to = from + offset;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      const [tile] = next.splice(from, 1);
      if (tile) next.splice(to, 0, tile);
      return next;
    });
  }, []);

  const imageIds = useMemo(
    () => tiles.flatMap((t) => (t.status === "done" && t.upload ? [t.upload.id] : [])),
    [tiles],
  );
  const uploading = tiles.some((t) => t.status === "uploading");
  const failed = tiles.some((t) => t.status === "error");

  return { tiles, imageIds, uploading, failed, notice, addFiles, remove, move };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
