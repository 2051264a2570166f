import { ERROR_CODES, type ErrorCode } from "../core/errors";

/** An error meant for the client: its status, code and message leave the server as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    // An answer to the client, not a fault: no stack trace is ever read, and capturing one was a
    // measurable share of a refused bid's cost (most bids under contention are refused).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = "AppError";
  }
}

export const badRequest = (
  message: string,
  fields?: Record<string, string>,
  code: ErrorCode = ERROR_CODES.badRequest,
) => new AppError(400, code, message, fields);
export const unauthorized = (message = "Please sign in to continue.") =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (
  message = "You are not allowed to do that.",
  code: ErrorCode = ERROR_CODES.forbidden,
) => new AppError(403, code, message);
export const notFound = (message = "Not found.", code: ErrorCode = ERROR_CODES.notFound) =>
  new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) =>
  new AppError(409, code, message);
/** A rule of the marketplace was broken (bid too low, auction ended, ...). */
export const ruleBroken = (code: ErrorCode, message: string, fields?: Record<string, string>) =>
  new AppError(422, code, message, fields);
