import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { type ApiError, ERROR_CODES } from "../../core/errors";
import { isConnectionLost } from "../db/client";
import { AppError } from "../errors";

function send(status: number, error: ApiError) {
  return { status, body: { error } };
}

/** Turns every failure into the one error envelope; internals never leave the server. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      let out: ReturnType<typeof send>;
      if (err instanceof AppError) {
        out = send(err.statusCode, { code: err.code, message: err.message, fields: err.fields });
      } else if (hasZodFastifySchemaValidationErrors(err)) {
        const fields: Record<string, string> = {};
        for (const issue of err.validation) {
          const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
          // A strict schema reports unknown keys on their parent: file it under each key.
          const unknown = issue.keyword === "unrecognized_keys" ? issue.params.keys : undefined;
          const names = Array.isArray(unknown)
            ? unknown.map((key) => (name ? `${name}.${key}` : String(key)))
            : [name || "_"];
          for (const field of names) fields[field] ??= issue.message ?? "is invalid";
        }
        const first = Object.entries(fields)[0];
        const message = first
          ? first[0] === "_"
            ? first[1]
            : first[1]
          : "The request is not valid.";
        out = send(400, { code: ERROR_CODES.badRequest, message, fields });
      } else if (isResponseSerializationError(err)) {
        request.log.error({ err }, "response did not match its schema");
        out = send(500, {
          code: ERROR_CODES.internal,
          message: "Something went wrong on our side.",
        });
      } else if (err.statusCode === 429) {
        out = send(429, {
          code: ERROR_CODES.rateLimited,
          message: err.message || "Too many requests. Please slow down.",
        });
      } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        // Fastify's own client errors (bad JSON, body too large, unsupported media type).
        out = send(err.statusCode, { code: ERROR_CODES.badRequest, message: err.message });
      } else if (isConnectionLost(err)) {
        // The database went away under the request (a restart, a failover, a terminated backend):
        // its transaction rolled back on the server, and trying again may well work.
        request.log.warn({ err }, "database connection lost");
        out = send(503, {
          code: ERROR_CODES.serviceUnavailable,
          message: "The service is briefly unavailable. Please try again in a moment.",
        });
      } else {
        request.log.error({ err }, "unhandled error");
        out = send(500, {
          code: ERROR_CODES.internal,
          message: "Something went wrong on our side.",
        });
      }
      reply.status(out.status).send(out.body);
    });
  },
  { name: "errors" },
);
