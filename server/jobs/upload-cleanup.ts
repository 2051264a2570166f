import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import type { Storage } from "../plugins/storage";

/** A photo no listing uses is kept this long: a seller may still be filling in the wizard. */
export const ORPHAN_UPLOAD_HOURS = 24;

/**
 * Deletes uploads that no listing uses and that are older than ORPHAN_UPLOAD_HOURS (abandoned
 * wizards, photos removed in an edit, deleted listings), rows first, then their files. A listing
 * being created takes a KEY SHARE lock on its uploads, so a photo cannot vanish under it.
 */
export async function cleanUpOrphanUploads(
  db: Db,
  storage: Storage,
  log?: (err: unknown, msg: string) => void,
): Promise<number> {
  const gone = await rows<{ key: string; thumbKey: string }>(
    db,
    sql`delete from uploads u
        where u.created_at < now() - make_interval(hours => ${ORPHAN_UPLOAD_HOURS})
          and not exists (select 1 from listing_images i where i.upload_id = u.id)
        returning u.key, u.thumb_key as "thumbKey"`,
  );
  for (const upload of gone) {
    // A file left behind is only wasted space; a missing row is what matters, and it is gone.
    await Promise.all([storage.delete(upload.key), storage.delete(upload.thumbKey)]).catch((err) =>
      log?.(err, "could not delete an orphan upload's files"),
    );
  }
  return gone.length;
}
