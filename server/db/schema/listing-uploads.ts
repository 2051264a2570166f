import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  LISTING_UPLOAD_ROW_STATUSES,
  LISTING_UPLOAD_STATUSES,
} from "../../../core/contracts/listing-uploads";
import { oneOf } from "./checks";
import { listings } from "./listings";
import { users } from "./users";

/**
 * A seller's CSV of listings (docs/bulk-listings.md): checked and stored at upload (previewed),
 * confirmed (running: the job creates its ready rows), done when none is left to create.
 */
export const listingUploads = pgTable(
  "listing_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    status: text("status").notNull().default("previewed"),
    rowCount: integer("row_count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("listing_uploads_status_check", oneOf(t.status, LISTING_UPLOAD_STATUSES)),
    index("listing_uploads_seller_idx").on(t.sellerId, t.createdAt),
    // The job looks only for running uploads.
    index("listing_uploads_running_idx").on(t.createdAt).where(sql`${t.status} = 'running'`),
  ],
);

/** One row of an upload: what it said, its errors by column, and the listing it became. */
export const listingUploadRows = pgTable(
  "listing_upload_rows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => listingUploads.id, { onDelete: "cascade" }),
    /** The file's line, the header being line 1. */
    line: integer("line").notNull(),
    /** The row's cells by column name, as the file had them. */
    cells: jsonb("cells").$type<Record<string, string>>().notNull(),
    /** The wizard's body the row reads as (photos as upload ids); null while it has errors. */
    input: jsonb("input").$type<Record<string, unknown>>(),
    errors: jsonb("errors").$type<Record<string, string>>().notNull().default({}),
    status: text("status").notNull(),
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
  },
  (t) => [
    check("listing_upload_rows_status_check", oneOf(t.status, LISTING_UPLOAD_ROW_STATUSES)),
    index("listing_upload_rows_upload_idx").on(t.uploadId, t.line),
    index("listing_upload_rows_ready_idx").on(t.uploadId, t.line).where(sql`${t.status} = 'ready'`),
    // Deleting a listing sets its row's listing_id to null: found by this index, not a scan.
    index("listing_upload_rows_listing_idx").on(t.listingId).where(sql`${t.listingId} is not null`),
  ],
);
