import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { MAX_LINE_QUANTITY } from "../../../core/contracts/buying";
import { buttonClasses } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { ErrorState } from "../../components/ui/error-state";
import { FormAlert } from "../../components/ui/form-alert";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useCartValidation } from "../../features/cart/api/validate-cart";
import { useOrder } from "../../features/checkout/api/get-order";
import { OrderReview } from "../../features/checkout/components/order-review";
import { useStartCheckout } from "../../features/checkout/hooks/use-start-checkout";
import { SecureCheckoutNote } from "../../features/payments/components/secure-checkout-note";
import { UnpaidOrderNotice } from "../../features/unpaid-orders/components/unpaid-order-notice";
import { isNotFoundError } from "../../lib/api-client";

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Checkout" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Checkout</h1>
      {children}
    </div>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Buy It Now: one listing, priced and checked by the server as a one-line cart. */
function BuyNowCheckout({ listingId, quantity }: { listingId: string; quantity: number }) {
  const validation = useCartValidation([{ listingId, quantity }]);
  const checkout = useStartCheckout();

  if (validation.isPending) return <Spinner label="Loading your order..." showLabel />;
  if (validation.isError) {
    if (isNotFoundError(validation.error, true)) return <NothingToPay />;
    return (
      <ErrorState
        message="We couldn't load your order."
        onRetry={() => void validation.refetch()}
      />
    );
  }
  const line = validation.data.lines[0];
  if (!line) return <NothingToPay />;
  const pay = () =>
    checkout.start(
      { lines: [{ listingId, quantity }] },
      { resume: pay, onFailure: () => void validation.refetch() },
    );

  return (
    <OrderReview
      items={[
        {
          listingId: line.listingId,
          title: line.title,
          imageUrl: line.imageUrl,
          quantity,
          unitPriceCents: line.priceCents,
          shippingCents: line.shippingCents,
          problem: line.problem?.message,
        },
      ]}
      totals={validation.data.totals}
      processing={checkout.isProcessing}
      disabled={line.problem !== null}
      onPay={pay}
      showDeliverTo
    >
      <SecureCheckoutNote />
    </OrderReview>
  );
}

/** An auction win (or another pending order) paid through the same checkout. */
function OrderCheckout({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const checkout = useStartCheckout();

  if (order.isPending) return <Spinner label="Loading your order..." showLabel />;
  if (order.isError) {
    if (isNotFoundError(order.error, true)) return <NothingToPay />;
    return (
      <ErrorState message="We couldn't load your order." onRetry={() => void order.refetch()} />
    );
  }
  const { data } = order;
  const pay = () =>
    checkout.start({ orderId }, { resume: pay, onFailure: () => void order.refetch() });
  const notPayable =
    data.status === "paid"
      ? "This order has already been paid."
      : data.canPay
        ? null
        : "This order can no longer be paid.";

  return (
    <OrderReview
      items={data.items}
      totals={data}
      processing={checkout.isProcessing}
      disabled={notPayable !== null}
      onPay={pay}
    >
      <FormAlert>
        {notPayable && (
          <>
            <p className="font-medium">{notPayable}</p>
            <Link to="/my/purchases" className="font-semibold underline">
              Go to your purchases
            </Link>
          </>
        )}
      </FormAlert>
      <SecureCheckoutNote />
    </OrderReview>
  );
}

function NothingToPay() {
  return (
    <EmptyState title="There is nothing to check out" hint="The item or order could not be found.">
      <Link to="/cart" className={buttonClasses("primary", "md", "mt-2")}>
        Go to your cart
      </Link>
    </EmptyState>
  );
}

/**
 * /checkout (signed in): the order review before the hosted payment page. Either
 * ?listing={id}&quantity={n} (Buy It Now) or ?order={id} (an auction win from /my/purchases).
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const orderId = params.get("order") ?? "";
  const listingId = params.get("listing") ?? "";
  const requested = Number(params.get("quantity") ?? "1");
  const quantity =
    Number.isInteger(requested) && requested >= 1 ? Math.min(requested, MAX_LINE_QUANTITY) : 1;

  return (
    <Shell>
      <UnpaidOrderNotice except={orderId} />
      {UUID.test(orderId) ? (
        <OrderCheckout orderId={orderId} />
      ) : UUID.test(listingId) ? (
        <BuyNowCheckout listingId={listingId} quantity={quantity} />
      ) : (
        <NothingToPay />
      )}
    </Shell>
  );
}
