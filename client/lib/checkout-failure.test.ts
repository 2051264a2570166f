import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_CODES, ERROR_CODES } from "../../core/errors";
import { ApiError } from "./api-client";
import { CHECKOUT_MESSAGES, checkoutFailureMessage } from "./checkout-failure";

describe("checkoutFailureMessage", () => {
  it("says the spec's words for each kind of failure", () => {
    expect(checkoutFailureMessage(new ApiError(401, ERROR_CODES.unauthorized, "Nope"))).toBe(
      CHECKOUT_MESSAGES.signedOut,
    );
    expect(
      checkoutFailureMessage(
        new ApiError(422, ERROR_CODES.insufficientStock, "Sorry, only 2 items available"),
      ),
    ).toBe("Sorry, only 2 items available");
    expect(
      checkoutFailureMessage(new ApiError(502, ERROR_CODES.paymentProviderError, "upstream")),
    ).toBe(CHECKOUT_MESSAGES.sessionFailed);
    expect(checkoutFailureMessage(new ApiError(200, CLIENT_ERROR_CODES.invalidResponse, "x"))).toBe(
      CHECKOUT_MESSAGES.sessionFailed,
    );
    expect(checkoutFailureMessage(new ApiError(0, CLIENT_ERROR_CODES.network, "offline"))).toBe(
      CHECKOUT_MESSAGES.fallback,
    );
    expect(checkoutFailureMessage(new Error("boom"))).toBe(CHECKOUT_MESSAGES.fallback);
  });
});
