import { useEffect, useState } from "react";
import { toast } from "sonner";
import { checkoutFailureMessage } from "../../../lib/checkout-failure";
import { usePayOrder } from "../api/unpaid-orders";

/**
 * Pay now: asks the server for the order's payment page and leaves for it. `isProcessing` stays
 * true until the page is gone, and is reset when the browser's Back button restores this page.
 */
export function usePayOrderRedirect() {
  const pay = usePayOrder();
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
      onError: (error) => toast.error(checkoutFailureMessage(error)),
    });
  return { start, isProcessing: pay.isPending || redirecting, orderId: pay.variables };
}
