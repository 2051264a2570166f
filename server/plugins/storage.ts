import fs from "node:fs/promises";
import path from "node:path";

/** Keys under this prefix are never served publicly: the API reads them for whoever may see them. */
export const PRIVATE_PREFIX = "private/";

/** A stored object's bytes, as `get` answers them. */
export interface StoredObject {
  data: Buffer;
  contentType: string;
}

/** Where uploaded files go; the app only ever sees keys and public URLs. */
export interface Storage {
  /** Stores `data` under `key`; the URL is where a public key is served (none for private/ keys). */
  put(key: string, data: Buffer, contentType: string): Promise<{ url: string }>;
  /** The object's bytes and content type, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** Disk keeps no content type beside a file; the app's keys end in one of these. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  // The demo's seed pictures (server/seed/seed-images.ts); uploads are always re-encoded to WebP.
  ".svg": "image/svg+xml",
};

/**
 * A folder on disk, served by the app at /uploads/ except for the private/ folder, which the
 * static files refuse (server/modules/site/web-app.ts).
 */
export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are made by the server, but a path outside the folder must never be written.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`bad storage key ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, data);
      return { url: `/uploads/${key}` };
    },
    async get(key) {
      try {
        const data = await fs.readFile(resolve(key));
        const type = TYPE_BY_EXTENSION[path.extname(key).toLowerCase()];
        return { data, contentType: type ?? "application/octet-stream" };
      } catch (error) {
        // A system error's code, not one of the API's (ERROR_CODES).
        const errno = (error as NodeJS.ErrnoException).code;
        if (errno === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
