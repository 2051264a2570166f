import { PageTitle } from "../../components/ui/page-title";
import { CartEmpty } from "../../features/cart/components/cart-empty";
import { CartView } from "../../features/cart/components/cart-view";
import { useCartLines } from "../../features/cart/hooks/use-cart";
import { useCancelledReturn } from "../../features/checkout/hooks/use-cancelled-return";
import { useStartCheckout } from "../../features/checkout/hooks/use-start-checkout";
import { SecureCheckoutNote } from "../../features/payments/components/secure-checkout-note";
import { UnpaidOrderNotice } from "../../features/unpaid-orders/components/unpaid-order-notice";

/** /cart: the cart kept in this browser, its Order Summary and the way to checkout. */
export function CartPage() {
  const lines = useCartLines();
  const checkout = useStartCheckout();
  useCancelledReturn();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Shopping Cart" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Shopping Cart</h1>
      <UnpaidOrderNotice />
      {lines.length === 0 ? (
        <CartEmpty />
      ) : (
        <CartView
          processing={checkout.isProcessing}
          onCheckout={(buyable, options) => checkout.start({ lines: buyable }, options)}
          footer={<SecureCheckoutNote />}
        />
      )}
    </div>
  );
}
