import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../core/contracts/common";
import {
  LISTING_UPLOAD_LIMITS,
  listingUploadSchema,
} from "../../../core/contracts/listing-uploads";
import { apiErrorSchema, ERROR_CODES } from "../../../core/errors";
import { AppError, badRequest } from "../../errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import {
  confirmListingUpload,
  getListingUpload,
  listingsCsv,
  listingTemplateCsv,
  previewListingUpload,
} from "./listing-uploads.service";

const SIGN_IN = "You must be logged in to create a listing";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
};

/** Integrators use these routes with a bearer token of this scope (docs/bulk-listings.md). */
const TOKEN_SCOPE = { apiTokenScope: "listings" as const };

const csvResponse = (description: string) => ({
  description,
  content: { "text/csv": { schema: z.string() } },
});

/** The multipart field `file`, at most 2 MB (413 past it). */
async function readCsvFile(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  const file = await request
    .file({ limits: { fileSize: LISTING_UPLOAD_LIMITS.maxBytes } })
    .catch(() => undefined);
  const choose = "Please choose a CSV file.";
  if (!file) throw badRequest(choose, { file: choose }, ERROR_CODES.listingFileInvalid);
  const tooLarge = () =>
    new AppError(413, ERROR_CODES.listingFileTooLarge, "A listings file must be at most 2 MB.");
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch {
    throw tooLarge();
  }
  // A piece ending exactly at the limit ends the stream without an error: only `truncated` tells.
  if (file.file.truncated) throw tooLarge();
  return { name: file.filename || "listings.csv", data };
}

export const listingUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/my/listing-uploads/template.csv",
    {
      schema: {
        tags: ["selling"],
        summary: "The CSV template for listings in bulk: the columns and two example rows",
        response: { 200: csvResponse("The template (RFC 4180)") },
      },
    },
    async (_request, reply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="tradewinds-listings-template.csv"')
        .header("x-content-type-options", "nosniff")
        .send(listingTemplateCsv()),
  );

  app.post(
    "/my/listing-uploads",
    {
      // A person uploads a file, fixes it and uploads again; a script has no reason to send more.
      config: { ...perUserRateLimit(30), ...TOKEN_SCOPE },
      schema: {
        tags: ["selling"],
        summary: "Upload a CSV of listings (multipart field `file`) and get its preview",
        description:
          "Every row is checked as the sell form checks a listing (the same messages, by column), " +
          "then the category, territory and photos (`/uploads/...` URLs of your own unused uploads). " +
          "Nothing is created until POST /api/my/listing-uploads/{id}/confirm. At most 1,000 rows " +
          "and 2 MB (`listing_file_too_large`); a file no row can fix (bad quotes, unknown or " +
          "missing columns, no rows) is 400 `listing_file_invalid`. Columns: docs/bulk-listings.md.",
        consumes: ["multipart/form-data"],
        response: {
          201: listingUploadSchema,
          ...errors,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const file = await readCsvFile(request);
      const preview = await previewListingUpload(app.db, user.id, app.publicUrl, file);
      return reply.status(201).send(preview);
    },
  );

  app.get(
    "/my/listing-uploads/:id",
    {
      config: TOKEN_SCOPE,
      schema: {
        tags: ["selling"],
        summary: "One of your listing uploads: its status, counts and each row's outcome",
        params: idParam,
        response: { 200: listingUploadSchema, ...errors },
      },
    },
    async (request) =>
      getListingUpload(app.db, requireUser(request, SIGN_IN).id, request.params.id),
  );

  app.post(
    "/my/listing-uploads/:id/confirm",
    {
      config: TOKEN_SCOPE,
      schema: {
        tags: ["selling"],
        summary:
          "Create the ready rows of a previewed upload (in the background; poll GET for progress)",
        description:
          "Each ready row becomes a listing in its own transaction, exactly as POST /api/listings " +
          "would make it (safety holds, alerts, insertion fee); a row refused at creation is " +
          "reported `failed` with its errors and leaves nothing behind. Confirming again is harmless. " +
          "409 `listing_upload_empty` when no row is ready.",
        params: idParam,
        response: { 200: listingUploadSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) =>
      confirmListingUpload(app.db, requireUser(request, SIGN_IN).id, request.params.id),
  );

  app.get(
    "/my/listings.csv",
    {
      config: TOKEN_SCOPE,
      schema: {
        tags: ["selling"],
        summary: "Your listings (active, ended, sold) as CSV, in the upload template's columns",
        response: {
          200: csvResponse("Your listings (RFC 4180, formulas defused)"),
          401: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const csv = await listingsCsv(app.db, user.id, app.publicUrl);
      const today = app.clock.now().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="tradewinds-listings-${today}.csv"`)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(csv);
    },
  );
};
