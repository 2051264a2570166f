import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { CheckoutRequest } from "../../../../core/contracts/buying";
import { CLIENT_ERROR_CODES } from "../../../../core/errors";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { useCreateCheckout } from "../api/create-checkout";

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

interface StartOptions {
  /** Runs again after signing in, when the visitor was not signed in. */
  resume?: () => void;
  /** After the error toast: the page may want to re-check the cart. */
  onFailure?: (error: unknown) => void;
}

/**
 * Starts the hosted checkout: POST /api/checkout, then the browser leaves for the provider's page
 * (the sandbox page, or Stripe). `isProcessing` stays true until the page is gone.
 */
export function useStartCheckout() {
  const { user, openSignIn } = useSession();
  const checkout = useCreateCheckout();
  const [redirecting, setRedirecting] = useState(false);
  // Read at call time: a checkout resumed after signing in runs a closure made while signed out.
  const signedIn = useRef(user !== null);
  signedIn.current = user !== null;

  // Coming back with the browser's Back button can restore this page from the back/forward cache,
  // frozen mid-redirect: the button must not stay stuck on "Processing...".
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const { mutate, isPending } = checkout;
  const start = useCallback(
    (body: CheckoutRequest, { resume, onFailure }: StartOptions = {}) => {
      const askToSignIn = () => {
        toast.error(CHECKOUT_MESSAGES.signedOut);
        openSignIn({ resume, reason: "Sign in to check out." });
      };
      if (!signedIn.current) {
        askToSignIn();
        return;
      }
      mutate(body, {
        onSuccess: ({ redirectUrl }) => {
          setRedirecting(true);
          window.location.assign(redirectUrl);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) askToSignIn();
          else toast.error(checkoutFailureMessage(error));
          onFailure?.(error);
        },
      });
    },
    [openSignIn, mutate],
  );

  return { start, isProcessing: isPending || redirecting };
}
