import { z } from "zod";

/** The one error envelope every failing API response carries. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>["error"];

/** Stable codes the page may branch on. */
export const ERROR_CODES = {
  badRequest: "bad_request",
  notFound: "not_found",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  conflict: "conflict",
  rateLimited: "rate_limited",
  internal: "internal_error",
} as const;
