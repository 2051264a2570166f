import fs from "node:fs/promises";
import path from "node:path";

/** Where uploaded files go; the app only ever sees keys and public URLs. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<{ url: string }>;
  delete(key: string): Promise<void>;
}

/** A folder on disk, served by the app at /uploads/. */
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
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
