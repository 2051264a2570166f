import { CLIENT_ERROR_CODES } from "../../core/errors";
import { ApiError } from "./api-client";

// Starting a payment fails the same way from the cart, checkout and an unpaid order's Pay now.

/** The spec's checkout messages (section 8), all shown as error toasts. */
export const CHECKOUT_MESSAGES = {
  signedOut: "You must be logged in to checkout",
  sessionFailed: "Failed to create checkout session",
  fallback: "Failed to process checkout",
} as const;

/** Which of the spec's messages a failed checkout shows. */
export function checkoutFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return CHECKOUT_MESSAGES.fallback;
  if (error.status === 401) return CHECKOUT_MESSAGES.signedOut;
  // A refusal the server explains (stock, own listing, not Buy It Now...) is worth its own words.
  if (error.status >= 400 && error.status < 500) return error.message;
  if (error.status >= 500 || error.code === CLIENT_ERROR_CODES.invalidResponse) {
    return CHECKOUT_MESSAGES.sessionFailed;
  }
  return CHECKOUT_MESSAGES.fallback;
}
