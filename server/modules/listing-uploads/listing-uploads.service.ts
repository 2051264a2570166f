import { sql } from "drizzle-orm";
import {
  checkListingRow,
  columnOfField,
  EXPORT_ONLY_COLUMNS,
  LISTING_CSV_COLUMNS,
  LISTING_UPLOAD_LIMITS,
  type ListingUpload,
  type ListingUploadRow,
  listingInputOfRow,
  photoUrlsOfCell,
  REQUIRED_LISTING_CSV_COLUMNS,
  ROW_ERROR_KEY,
} from "../../../core/contracts/listing-uploads";
import type { CreateListing } from "../../../core/contracts/selling";
import { CsvSyntaxError, csvText, parseCsv } from "../../../core/csv";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { wakeJob } from "../../db/jobs-due";
import { isoTime, rows } from "../../db/rows";
import { listingUploadRows, listingUploads } from "../../db/schema/listing-uploads";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { FORBIDDEN_CHARACTERS, forbiddenCharacterMessage } from "../../plugins/input-guard";
import { auctionEndedExpression } from "../listings/listing-visibility";
import { resolvePlace, type Tx } from "../selling/selling.service";

/** The message of a photo that is not the seller's unused upload: the wizard's own words. */
const UNKNOWN_PHOTO = "One of the photos is unknown. Please upload it again.";

const fileInvalid = (message: string) =>
  badRequest(message, { file: message }, ERROR_CODES.listingFileInvalid);

/** A column name as people type it in a spreadsheet's first row ("Return policy days"). */
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Reads the file's text and header, refusing a file as a whole for what no row can fix. */
export function readListingFile(data: Buffer): { header: string[]; records: string[][] } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    throw fileInvalid("The file must be CSV text saved as UTF-8.");
  }
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw fileInvalid(err.message);
    throw err;
  }
  const [first, ...body] = records;
  if (!first) throw fileInvalid("The file is empty. Start from the template: one listing a row.");
  const header = first.map(columnName);
  if (header.some((h) => FORBIDDEN_CHARACTERS.test(h)))
    throw fileInvalid("A column name contains a character that is not allowed.");
  const known = new Set<string>([...LISTING_CSV_COLUMNS, ...EXPORT_ONLY_COLUMNS]);
  const unknown = header.filter((h) => !known.has(h));
  if (unknown.length > 0)
    throw fileInvalid(
      `Unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. The columns are ${LISTING_CSV_COLUMNS.join(", ")}.`,
    );
  const repeated = header.filter((h, i) => header.indexOf(h) !== i);
  if (repeated.length > 0) throw fileInvalid(`The column ${repeated[0]} is named twice.`);
  const missing = REQUIRED_LISTING_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0)
    throw fileInvalid(`The first line must name the columns; missing: ${missing.join(", ")}.`);
  if (body.length === 0)
    throw fileInvalid("The file has no listings: add one row per listing under the header.");
  if (body.length > LISTING_UPLOAD_LIMITS.maxRows)
    throw new AppError(
      400,
      ERROR_CODES.listingFileTooLarge,
      `A file may hold at most ${LISTING_UPLOAD_LIMITS.maxRows.toLocaleString("en-US")} listings; this one has ${body.length.toLocaleString("en-US")}. Split it into smaller files.`,
    );
  return { header, records: body };
}

interface CheckedRow {
  line: number;
  cells: Record<string, string>;
  input: CreateListing | null;
  errors: Record<string, string>;
}

/** The path of a photo URL on this site (`/uploads/...`), or null for anyone else's address. */
function uploadPath(url: string, publicUrl: string): string | null {
  if (url.startsWith("/uploads/")) return url;
  try {
    const parsed = new URL(url);
    const site = new URL(publicUrl);
    if (parsed.host !== site.host || !parsed.pathname.startsWith("/uploads/")) return null;
    return parsed.pathname;
  } catch {
    return null;
  }
}

/**
 * Checks every row as the wizard's create would: the form's schema, then the category, territory
 * and photos against the database (photos: the seller's own uploads, not on a listing yet, and
 * each in one row only). Nothing is written.
 */
async function checkRows(
  db: Db,
  sellerId: string,
  publicUrl: string,
  header: string[],
  records: string[][],
): Promise<CheckedRow[]> {
  const photoPaths = new Set<string>();
  for (const record of records) {
    const at = header.indexOf("photo_urls");
    for (const url of photoUrlsOfCell(record[at] ?? "")) {
      const path = uploadPath(url, publicUrl);
      if (path) photoPaths.add(path);
    }
  }
  const uploads = new Map<string, { id: string; used: boolean }>();
  if (photoPaths.size > 0) {
    const found = await rows<{ id: string; url: string; used: boolean }>(
      db,
      sql`select u.id, u.url,
            exists (select 1 from listing_images li where li.upload_id = u.id) as used
          from uploads u
          where u.owner_id = ${sellerId}
            and u.url in (${sql.join(
              [...photoPaths].map((p) => sql`${p}`),
              sql`, `,
            )})`,
    );
    for (const u of found) uploads.set(u.url, { id: u.id, used: u.used });
  }
  // Few distinct places in a file: each is looked up once, by the create's own resolvePlace.
  const places = new Map<string, Promise<Record<string, string> | null>>();
  const placeErrors = (input: CreateListing) => {
    const key = JSON.stringify([input.category, input.subcategory ?? null, input.territory]);
    let found = places.get(key);
    if (!found) {
      found = resolvePlace(db, input).then(
        () => null,
        (err: unknown) => {
          if (err instanceof AppError && err.fields) return err.fields;
          throw err;
        },
      );
      places.set(key, found);
    }
    return found;
  };
  const photoLine = new Map<string, number>();
  const checked: CheckedRow[] = [];
  for (const [index, record] of records.entries()) {
    const line = index + 2;
    const cells: Record<string, string> = {};
    const unreadable: Record<string, string> = {};
    for (const [i, column] of header.entries()) {
      const cell = record[i] ?? "";
      // The API's guard refuses these in any JSON body; a file's cells get the same answer, and
      // the row keeps the cell without them (PostgreSQL stores no NUL).
      if (FORBIDDEN_CHARACTERS.test(cell)) unreadable[column] = forbiddenCharacterMessage(column);
      cells[column] = cell.replace(new RegExp(FORBIDDEN_CHARACTERS.source, "g"), "");
    }
    const parsed = listingInputOfRow(cells);
    const input = parsed.input;
    const errors = { ...unreadable, ...parsed.errors };
    if (record.slice(header.length).some((extra) => extra.trim() !== ""))
      errors[ROW_ERROR_KEY] =
        `This row has ${record.length} fields; the first line names ${header.length} columns.`;
    const imageIds: string[] = [];
    for (const url of photoUrlsOfCell(cells.photo_urls ?? "")) {
      const path = uploadPath(url, publicUrl);
      const upload = path ? uploads.get(path) : undefined;
      if (!upload || upload.used) {
        errors.photo_urls ??= UNKNOWN_PHOTO;
        continue;
      }
      const earlier = photoLine.get(upload.id);
      if (earlier !== undefined && earlier !== line) {
        errors.photo_urls ??= `This photo is already used in line ${earlier}.`;
        continue;
      }
      photoLine.set(upload.id, line);
      imageIds.push(upload.id);
    }
    const result = checkListingRow({ ...input, imageIds }, errors);
    if (result.value) {
      const fields = await placeErrors(result.value);
      if (fields)
        for (const [field, message] of Object.entries(fields))
          result.errors[columnOfField(field)] ??= message;
    }
    const ok = result.value !== null && Object.keys(result.errors).length === 0;
    checked.push({ line, cells, input: ok ? result.value : null, errors: result.errors });
  }
  return checked;
}

/**
 * Reads, checks and stores a seller's CSV of listings (status previewed) and answers the preview:
 * each row ready, or its errors by column. No listing is created until the seller confirms.
 */
export async function previewListingUpload(
  db: Db,
  sellerId: string,
  publicUrl: string,
  file: { name: string; data: Buffer },
): Promise<ListingUpload> {
  const { header, records } = readListingFile(file.data);
  const checked = await checkRows(db, sellerId, publicUrl, header, records);
  const uploadId = await db.transaction(async (tx) => {
    const [upload] = await tx
      .insert(listingUploads)
      .values({
        sellerId,
        fileName: file.name.replace(new RegExp(FORBIDDEN_CHARACTERS.source, "g"), "").slice(0, 200),
        rowCount: checked.length,
      })
      .returning({ id: listingUploads.id });
    if (!upload) throw new Error("listing upload insert returned nothing");
    for (let at = 0; at < checked.length; at += 250)
      await tx.insert(listingUploadRows).values(
        checked.slice(at, at + 250).map((row) => ({
          uploadId: upload.id,
          line: row.line,
          cells: row.cells,
          input: row.input,
          errors: row.errors,
          status: row.input ? "ready" : "invalid",
        })),
      );
    return upload.id;
  });
  return getListingUpload(db, sellerId, uploadId);
}

/** One of the seller's uploads with its counts and every row's outcome; another's is 404. */
export async function getListingUpload(
  db: Db | Tx,
  sellerId: string,
  uploadId: string,
): Promise<ListingUpload> {
  const [upload] = await rows<{
    id: string;
    fileName: string;
    status: ListingUpload["status"];
    createdAt: Date | string;
  }>(
    db,
    sql`select id, file_name as "fileName", status, created_at as "createdAt"
        from listing_uploads where id = ${uploadId} and seller_id = ${sellerId}`,
  );
  if (!upload) throw notFound("Upload not found.", ERROR_CODES.listingUploadNotFound);
  const lines = await rows<{
    line: number;
    title: string | null;
    status: ListingUploadRow["status"];
    errors: Record<string, string>;
    listingId: string | null;
    moderation: ListingUploadRow["moderation"];
  }>(
    db,
    sql`select r.line, r.cells->>'title' as title, r.status, r.errors, r.listing_id as "listingId",
          l.moderation
        from listing_upload_rows r left join listings l on l.id = r.listing_id
        where r.upload_id = ${uploadId} order by r.line`,
  );
  const counts = { rows: lines.length, invalid: 0, ready: 0, created: 0, failed: 0 };
  for (const row of lines) counts[row.status]++;
  return {
    id: upload.id,
    fileName: upload.fileName,
    status: upload.status,
    createdAt: isoTime(upload.createdAt),
    counts,
    rows: lines.map((row) => ({ ...row, title: row.title ?? "" })),
  };
}

/**
 * Confirms a previewed upload: its ready rows are created by the job, each in its own
 * transaction. Confirming again answers the upload as it stands (a retried request is harmless).
 */
export async function confirmListingUpload(
  db: Db,
  sellerId: string,
  uploadId: string,
): Promise<ListingUpload> {
  return db.transaction(async (tx) => {
    const [upload] = await rows<{ status: string; ready: number }>(
      tx,
      sql`select u.status,
            (select count(*) from listing_upload_rows r
             where r.upload_id = u.id and r.status = 'ready')::int as ready
          from listing_uploads u where u.id = ${uploadId} and u.seller_id = ${sellerId}
          for update of u`,
    );
    if (!upload) throw notFound("Upload not found.", ERROR_CODES.listingUploadNotFound);
    if (upload.status === "previewed") {
      if (upload.ready === 0)
        throw conflict(
          "No row of this file is ready to create. Fix the file and upload it again.",
          ERROR_CODES.listingUploadEmpty,
        );
      await tx.execute(
        sql`update listing_uploads set status = 'running', confirmed_at = now()
            where id = ${uploadId}`,
      );
      // The creating job starts at commit, on whichever instance hears it first.
      await wakeJob(tx, "listing_uploads");
    }
    return getListingUpload(tx, sellerId, uploadId);
  });
}

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** The template: the columns and two example rows (a fixed-price listing and an auction). */
export function listingTemplateCsv(): string {
  const example: Record<string, string>[] = [
    {
      title: "Hand-woven straw basket",
      description: "Woven in Saint Lucia from local straw. 30 cm across.",
      category: "home",
      subcategory: "home-decor",
      territory: "jamaica",
      condition: "new",
      format: "fixed_price",
      price: "45.00",
      quantity: "3",
      shipping: "8.50",
      return_policy_days: "30",
      local_pickup: "yes",
    },
    {
      title: "Vintage steel pan",
      description: "A tenor pan from the 1970s, tuned last year.",
      category: "home",
      territory: "trinidad-and-tobago",
      condition: "good",
      format: "auction",
      price: "100.00",
      shipping: "25.00",
      return_policy_days: "0",
      local_pickup: "no",
      duration_days: "7",
      reserve_price: "150.00",
      buy_it_now_price: "300.00",
    },
  ];
  return csvText([
    [...LISTING_CSV_COLUMNS],
    ...example.map((row) => LISTING_CSV_COLUMNS.map((c) => row[c] ?? "")),
  ]);
}

/**
 * The seller's listings (active, ended, sold) as CSV: the template's columns first, so a file
 * exported and edited reads back as an upload, then id, status, link and creation time. Every
 * text goes through csvField, which defuses formulas.
 */
export async function listingsCsv(db: Db, sellerId: string, publicUrl: string): Promise<string> {
  const found = await rows<{
    id: string;
    title: string;
    description: string;
    category: string;
    subcategory: string | null;
    territory: string;
    condition: string | null;
    kind: string;
    priceCents: number;
    quantity: number;
    shippingCents: number;
    returnPolicyDays: number;
    localPickup: boolean;
    durationDays: number | null;
    reservePriceCents: number | null;
    buyItNowPriceCents: number | null;
    status: string;
    ended: boolean;
    createdAt: Date | string;
    photos: string | null;
  }>(
    db,
    sql`select l.id, l.title, l.description, c.slug as category, sc.slug as subcategory,
          t.slug as territory, l.condition, l.kind, l.price_cents as "priceCents", l.quantity,
          l.shipping_cents as "shippingCents", l.return_policy_days as "returnPolicyDays",
          l.local_pickup as "localPickup",
          round(extract(epoch from (a.end_time - a.start_time)) / 86400)::int as "durationDays",
          a.reserve_price_cents as "reservePriceCents",
          a.buy_it_now_price_cents as "buyItNowPriceCents",
          l.status, (l.kind = 'auction' and ${auctionEndedExpression}) as ended,
          l.created_at as "createdAt",
          (select string_agg(li.url, ' ' order by li.position) from listing_images li
           where li.listing_id = l.id) as photos
        from listings l
        join categories c on c.id = l.category_id
        left join categories sc on sc.id = l.subcategory_id
        join territories t on t.id = l.territory_id
        left join auction_settings a on a.listing_id = l.id
        where l.seller_id = ${sellerId}
        order by l.created_at desc, l.id`,
  );
  const site = publicUrl.replace(/\/$/, "");
  const photoUrl = (url: string) => (url.startsWith("/") ? `${site}${url}` : url);
  return csvText([
    [...LISTING_CSV_COLUMNS, ...EXPORT_ONLY_COLUMNS],
    ...found.map((l) => [
      l.title,
      l.description,
      l.category,
      l.subcategory,
      l.territory,
      l.condition,
      l.kind,
      dollars(l.priceCents),
      l.quantity,
      dollars(l.shippingCents),
      l.returnPolicyDays,
      l.localPickup ? "yes" : "no",
      l.durationDays,
      dollars(l.reservePriceCents),
      dollars(l.buyItNowPriceCents),
      l.photos ? l.photos.split(" ").map(photoUrl).join(" ") : null,
      l.id,
      l.status === "active" && l.ended ? "ended" : l.status,
      `${site}/listing/${l.id}`,
      isoTime(l.createdAt),
    ]),
  ]);
}
