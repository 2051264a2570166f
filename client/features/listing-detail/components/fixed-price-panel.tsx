import { ShoppingCart } from "lucide-react";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { isLowStock } from "../../../../core/listing";
import { formatMoney } from "../../../../core/money";
import { Button } from "../../../components/ui/button";
import { useRequireSignIn } from "../../../lib/require-sign-in";

/** Price, stock and the Buy It Now / Add to Cart buttons. */
export function FixedPricePanel({ listing }: { listing: ListingDetail }) {
  const requireSignIn = useRequireSignIn();
  const outOfStock = listing.quantity <= 0 || listing.status !== "active";

  return (
    <section
      aria-label="Buy It Now"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <div>
        <p className="text-sm font-medium text-slate-700">Price</p>
        <p className="text-3xl font-extrabold text-slate-900">{formatMoney(listing.priceCents)}</p>
      </div>
      <p className="text-sm">
        {outOfStock ? (
          <span className="font-semibold text-slate-900">Out of stock</span>
        ) : (
          <>
            <span className="text-slate-700">{listing.quantity} available</span>
            {isLowStock(listing.quantity) && (
              <span className="ml-2 font-semibold text-coral-800">
                Only {listing.quantity} left
              </span>
            )}
          </>
        )}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="accent"
          size="lg"
          className="w-full sm:w-auto sm:flex-1"
          disabled={outOfStock}
          onClick={() => {
            requireSignIn("buy");
          }}
        >
          Buy It Now
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="w-full sm:w-auto sm:flex-1"
          disabled={outOfStock}
          onClick={() => {
            requireSignIn("cart");
          }}
        >
          <ShoppingCart aria-hidden="true" className="size-5" />
          Add to Cart
        </Button>
      </div>
    </section>
  );
}
