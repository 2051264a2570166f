import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { uploadResultSchema } from "../../../core/contracts/selling";
import { apiErrorSchema } from "../../../core/errors";
import { AppError, badRequest } from "../../errors";
import { requireUser } from "../../plugins/session";
import { MAX_IMAGE_BYTES } from "./image-processing";
import { createUpload } from "./uploads.service";

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/uploads",
    {
      // A wizard sends up to 12 photos at once and may retry some; 60 a minute per user is generous.
      config: {
        rateLimit: {
          max: 60,
          timeWindow: "1 minute",
          keyGenerator: (request) => request.user?.id ?? request.ip,
        },
      },
      schema: {
        tags: ["selling"],
        summary: "Upload a listing photo (multipart field `file`, an image of at most 10 MB)",
        description:
          "The image is judged by its content (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF; SVG is refused), " +
          "decoded in full (a truncated file is refused), and stored re-encoded without metadata in a large " +
          "size and a thumbnail. Refer to it by `id` in `imageIds` when creating or editing a listing.",
        consumes: ["multipart/form-data"],
        response: {
          201: uploadResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await request.file().catch(() => undefined);
      if (!file)
        throw badRequest("Please choose an image file.", { file: "Please choose an image file." });
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw new AppError(
          413,
          "image_too_large",
          `Images must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
        );
      }
      const upload = await createUpload(app.db, app.storage, user.id, data);
      return reply.status(201).send(upload);
    },
  );
};
