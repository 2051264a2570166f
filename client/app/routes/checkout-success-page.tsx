import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { removeCartLines } from "../../features/cart/hooks/use-cart";
import { useOrder } from "../../features/checkout/api/get-order";
import { CheckoutSuccess } from "../../features/checkout/components/checkout-success";
import { isNotFoundError } from "../../lib/api-client";

// The provider's webhook usually lands within a second or two; past this, say so instead of spinning.
const CONFIRM_WAIT_MS = 20_000;

/** /checkout/success?order={id}: the confirmation after the hosted payment page. */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get("order") ?? "";
  const [gaveUp, setGaveUp] = useState(false);
  const order = useOrder(orderId, { pollWhilePending: !gaveUp });
  const status = order.data?.status;

  useEffect(() => {
    const timer = window.setTimeout(() => setGaveUp(true), CONFIRM_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Bought is bought: those listings leave the cart (whatever else it holds stays).
  const items = order.data?.items;
  useEffect(() => {
    if (status === "paid" && items) removeCartLines(items.map((item) => item.listingId));
  }, [status, items]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <PageTitle title={status === "paid" ? "Thank you" : "Confirming your payment"} />
      {order.isPending && orderId ? (
        <Spinner label="Confirming your payment..." showLabel />
      ) : order.isError && !isNotFoundError(order.error, true) ? (
        <ErrorState message="We couldn't load your order." onRetry={() => void order.refetch()} />
      ) : order.data ? (
        <CheckoutSuccess order={order.data} gaveUp={gaveUp} />
      ) : (
        <EmptyState title="Order not found" hint="Your orders are listed in your purchases.">
          <Link to="/my/purchases" className={buttonClasses("primary", "md", "mt-2")}>
            View your purchases
          </Link>
        </EmptyState>
      )}
    </div>
  );
}
