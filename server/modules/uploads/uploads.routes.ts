import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { uploadResultSchema } from "../../../core/contracts/selling";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { readUploadedFile } from "./image-processing";
import { createUpload } from "./uploads.service";

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/uploads",
    {
      // A wizard sends up to 12 photos at once and may retry some; 60 a minute per user is generous.
      config: { ...perUserRateLimit(60), apiTokenScope: "listings" },
      schema: {
        tags: ["selling"],
        summary: "Upload a listing photo (multipart field `file`, an image of at most 10 MB)",
        description:
          "The image is judged by its content (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF; SVG is refused), " +
          "by its header's size (at most 25 megapixels, `image_too_many_pixels`), then " +
          "decoded in full (a truncated file is refused), and stored re-encoded without metadata in a large " +
          "size and a thumbnail. Refer to it by `id` in `imageIds` when creating or editing a listing.",
        consumes: ["multipart/form-data"],
        response: {
          201: uploadResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
          // `images_busy`: too many photos are waiting to be processed on this server.
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await readUploadedFile(request);
      const upload = await createUpload(app.db, app.storage, user.id, data);
      return reply.status(201).send(upload);
    },
  );
};
