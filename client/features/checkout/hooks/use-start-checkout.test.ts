import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { CHECKOUT_MESSAGES, checkoutFailureMessage } from "./use-start-checkout";

describe("checkoutFailureMessage", () => {
  it("says the spec's words for each kind of failure", () => {
    expect(checkoutFailureMessage(new ApiError(401, "unauthorized", "Nope"))).toBe(
      CHECKOUT_MESSAGES.signedOut,
    );
    expect(
      checkoutFailureMessage(
        new ApiError(422, "insufficient_stock", "Sorry, only 2 items available"),
      ),
    ).toBe("Sorry, only 2 items available");
    expect(checkoutFailureMessage(new ApiError(502, "provider_error", "upstream"))).toBe(
      CHECKOUT_MESSAGES.sessionFailed,
    );
    expect(checkoutFailureMessage(new ApiError(200, "invalid_response", "x"))).toBe(
      CHECKOUT_MESSAGES.sessionFailed,
    );
    expect(checkoutFailureMessage(new ApiError(0, "network_error", "offline"))).toBe(
      CHECKOUT_MESSAGES.fallback,
    );
    expect(checkoutFailureMessage(new Error("boom"))).toBe(CHECKOUT_MESSAGES.fallback);
  });
});
