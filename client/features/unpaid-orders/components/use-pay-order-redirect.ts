import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ERROR_CODES } from "../../../../core/errors";
import { ApiError } from "../../../lib/api-client";
import { checkoutFailureMessage } from "../../../lib/checkout-failure";
import { usePayOrder } from "../api/unpaid-orders";

/**
 * Pay now: asks the server for the order's payment page and leaves for it. `isProcessing` stays
 * true until the page is gone, and is reset when the browser's Back button restores this page.
 */
export function usePayOrderRedirect() {
  const pay = usePayOrder();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
  const start = (orderId: string) =>
    pay.mutate(orderId, {
      onSuccess: ({ redirectUrl }) => {
        setRedirecting(true);
        window.location.assign(redirectUrl);
      },
      onError: (error) => {
        toast.error(checkoutFailureMessage(error));
        // A win or an offer agreed before the buyer said where they are: the review asks (issue 29).
        if (error instanceof ApiError && error.code === ERROR_CODES.deliverToRequired)
          void navigate(`/checkout?order=${encodeURIComponent(orderId)}`);
      },
    });
  return { start, isProcessing: pay.isPending || redirecting, orderId: pay.variables };
}
