import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { CheckoutRequest } from "../../../../core/contracts/buying";
import { ApiError } from "../../../lib/api-client";
import { CHECKOUT_MESSAGES, checkoutFailureMessage } from "../../../lib/checkout-failure";
import { useDeliverTo } from "../../../lib/deliver-to";
import { useSession } from "../../../lib/session";
import { useCreateCheckout } from "../api/create-checkout";

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
  // Cart lines are charged the shipping of the buyer's Deliver to (issue 29).
  const { deliverTo } = useDeliverTo();
  const destination = useRef(deliverTo);
  destination.current = deliverTo;
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
      const to = destination.current;
      const withDestination =
        "lines" in body && to && !body.deliverTo ? { ...body, deliverTo: to } : body;
      mutate(withDestination, {
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
