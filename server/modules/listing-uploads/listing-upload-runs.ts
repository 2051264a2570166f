import { sql } from "drizzle-orm";
import { columnOfField, ROW_ERROR_KEY } from "../../../core/contracts/listing-uploads";
import { createListingSchema } from "../../../core/contracts/selling";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { AppError } from "../../errors";
import { createListingIn } from "../selling/selling.service";

/** A row whose create was refused by a rule: rolled back, then recorded as failed with why. */
class RowRefused extends Error {
  constructor(
    readonly rowId: string,
    readonly errors: Record<string, string>,
  ) {
    super("row refused");
  }
}

/** A rule's refusal as the row's errors by column (the form's field names become columns). */
function errorsOf(err: AppError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(err.fields ?? {}))
    errors[columnOfField(field)] ??= message;
  if (Object.keys(errors).length === 0) errors[ROW_ERROR_KEY] = err.message;
  return errors;
}

/**
 * Creates the next ready row of a running upload, in one transaction with the row's outcome: the
 * row is claimed with FOR UPDATE SKIP LOCKED (so instances share the rows and none is created
 * twice), the listing made by the single create's own code (holds, alerts, insertion fee), and the
 * row marked created with its listing, all committed together. A refusal rolls all of it back and
 * marks the row failed with the reason, so a row is a whole listing or none. Answers false when no
 * row was waiting.
 */
async function createNextRow(db: Db, now: Date): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await rows<{ id: string; sellerId: string; input: unknown }>(
        tx,
        sql`select r.id, u.seller_id as "sellerId", r.input
            from listing_upload_rows r join listing_uploads u on u.id = r.upload_id
            where u.status = 'running' and r.status = 'ready'
            order by u.created_at, r.upload_id, r.line
            limit 1
            for update of r skip locked`,
      );
      if (!row) return false;
      const input = createListingSchema.safeParse(row.input);
      if (!input.success) throw new RowRefused(row.id, { [ROW_ERROR_KEY]: input.error.message });
      try {
        const saved = await createListingIn(tx, row.sellerId, input.data, now);
        await tx.execute(
          sql`update listing_upload_rows set status = 'created', listing_id = ${saved.id}
              where id = ${row.id}`,
        );
      } catch (err) {
        if (err instanceof AppError) throw new RowRefused(row.id, errorsOf(err));
        throw err;
      }
      return true;
    });
  } catch (err) {
    if (!(err instanceof RowRefused)) throw err;
    await db.execute(
      sql`update listing_upload_rows set status = 'failed', errors = ${JSON.stringify(err.errors)}::jsonb
          where id = ${err.rowId} and status = 'ready'`,
    );
    return true;
  }
}

/**
 * The bulk listing job: creates the ready rows of confirmed uploads one by one, for up to
 * `budgetMs`, then marks the uploads with nothing left to create done. Safe on every instance at
 * once; a run cut off leaves its uncommitted row ready for the next.
 */
export async function runListingUploads(
  db: Db,
  clock: () => Date = () => new Date(),
  budgetMs = 5_000,
): Promise<number> {
  const started = Date.now();
  let created = 0;
  while (Date.now() - started < budgetMs && (await createNextRow(db, clock()))) created++;
  await db.execute(
    sql`update listing_uploads u set status = 'done', finished_at = now()
        where u.status = 'running'
          and not exists (select 1 from listing_upload_rows r
                          where r.upload_id = u.id and r.status = 'ready')`,
  );
  return created;
}

/** How long a preview nobody confirmed is kept (its rows hold the whole file). */
export const ABANDONED_PREVIEW_DAYS = 7;

/** Deletes previews never confirmed within a week, rows and all; answers how many went. */
export async function pruneAbandonedUploads(db: Db): Promise<number> {
  const gone = await rows<{ id: string }>(
    db,
    sql`delete from listing_uploads
        where status = 'previewed'
          and created_at < now() - make_interval(days => ${ABANDONED_PREVIEW_DAYS})
        returning id`,
  );
  return gone.length;
}
