import { type ReactNode, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { MAX_LINE_QUANTITY } from "../../../core/contracts/buying";
import { DeliverToField } from "../../components/deliver-to-field";
import { buttonClasses } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { ErrorState } from "../../components/ui/error-state";
import { FormAlert } from "../../components/ui/form-alert";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useCartValidation } from "../../features/cart/api/validate-cart";
import { useOrder } from "../../features/checkout/api/get-order";
import { useSetOrderDeliverTo } from "../../features/checkout/api/set-order-deliver-to";
import { OrderReview, ShipsTo } from "../../features/checkout/components/order-review";
import { useStartCheckout } from "../../features/checkout/hooks/use-start-checkout";
import { SecureCheckoutNote } from "../../features/payments/components/secure-checkout-note";
import { UnpaidOrderNotice } from "../../features/unpaid-orders/components/unpaid-order-notice";
import { isNotFoundError } from "../../lib/api-client";
import { useDeliverTo, useTerritoryName } from "../../lib/deliver-to";

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
  // Where it goes decides the shipping (issue 29): asked here, priced by the validation above.
  const { deliverTo, choose } = useDeliverTo();

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
          shippingCents: deliverTo ? line.shippingCents : null,
          problem: line.problem?.message,
        },
      ]}
      totals={deliverTo ? validation.data.totals : null}
      processing={checkout.isProcessing}
      disabled={line.problem !== null || !deliverTo}
      onPay={pay}
      destination={<DeliverToField value={deliverTo} onChange={(v) => void choose(v)} />}
    >
      <SecureCheckoutNote />
    </OrderReview>
  );
}

/** An auction win (or another pending order) paid through the same checkout. */
function OrderCheckout({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const checkout = useStartCheckout();
  const { deliverTo: buyerDeliverTo, choose } = useDeliverTo();
  const setDestination = useSetOrderDeliverTo(orderId);
  const data = order.data;
  // A won auction or agreed offer says where it goes here; a cart's checkout already did.
  const chooses = data !== undefined && data.source !== "checkout" && data.status === "pending";
  const destination = data?.deliverTo ?? null;
  const destinationName = useTerritoryName(destination);
  // Agreed before the buyer said where they are: their Deliver to, once known, prices it.
  const proposed = useRef(false);
  useEffect(() => {
    if (!chooses || destination !== null || !buyerDeliverTo || proposed.current) return;
    proposed.current = true;
    setDestination.mutate(buyerDeliverTo);
  }, [chooses, destination, buyerDeliverTo, setDestination]);

  if (order.isPending) return <Spinner label="Loading your order..." showLabel />;
  if (order.isError) {
    if (isNotFoundError(order.error, true)) return <NothingToPay />;
    return (
      <ErrorState message="We couldn't load your order." onRetry={() => void order.refetch()} />
    );
  }
  const { data: shown } = order;
  const pay = () =>
    checkout.start(
      { orderId, ...(destination ? { deliverTo: destination } : {}) },
      { resume: pay, onFailure: () => void order.refetch() },
    );
  const refused = setDestination.isError ? setDestination.error.message : null;
  const notPayable =
    shown.status === "paid"
      ? "This order has already been paid."
      : shown.canPay
        ? null
        : "This order can no longer be paid.";

  return (
    <OrderReview
      items={
        chooses && destination === null
          ? shown.items.map((i) => ({ ...i, shippingCents: null }))
          : shown.items
      }
      totals={chooses && destination === null ? null : shown}
      processing={checkout.isProcessing || setDestination.isPending}
      disabled={notPayable !== null || (chooses && destination === null)}
      onPay={pay}
      destination={
        chooses ? (
          <DeliverToField
            value={destination}
            problem={refused}
            onChange={(value) => {
              setDestination.mutate(value, { onSuccess: () => void choose(value) });
            }}
          />
        ) : destinationName ? (
          <ShipsTo name={destinationName} />
        ) : null
      }
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
