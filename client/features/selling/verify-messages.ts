/**
 * The spec's wizard messages (marketplace-core, error catalogue). Apart from the verification
 * hook so the route table can name the signed-out one without loading the hook.
 */
export const VERIFY_MESSAGES = {
  pending: "Please wait while we verify your account",
  signedOut: "Please log in to create a listing",
  failed: "Unable to verify user account. Please try logging in again.",
} as const;
