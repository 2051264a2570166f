import { ERROR_CODES } from "../../../../core/errors";
import { ApiError } from "../../../lib/api-client";

/**
 * The toast for a refused watching action: the server's own words for a rule it enforces (one's
 * own listing, a full list), else the spec's generic failure text.
 */
export function watchErrorMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    (error.code === ERROR_CODES.cannotWatchOwn || error.code === ERROR_CODES.watchLimitReached)
  )
    return error.message;
  return fallback;
}
