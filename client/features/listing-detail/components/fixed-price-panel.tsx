import { ShoppingCart } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { RESERVED_OUT_MESSAGE } from "../../../../core/cart";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { isLowStock } from "../../../../core/listing";
import { Button } from "../../../components/ui/button";
import { ApproxPrice, UsdAmount } from "../../../components/ui/usd-price";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { useSession } from "../../../lib/session";
import { DoesNotShipNote } from "./does-not-ship-note";
import { OwnListingNote } from "./own-listing-note";
import { clampQuantity, QuantityPicker } from "./quantity-picker";

/**
 * Price, stock and the Buy It Now / Add to Cart buttons. The cart is another feature's, so the
 * page hands in what Add to Cart does; Buy It Now goes to the checkout review with this one line.
 * Both take the quantity picked, offered only when more than one unit is there for this buyer.
 */
export function FixedPricePanel({
  listing,
  onAddToCart,
  offer,
  notShippedTo = null,
}: {
  listing: ListingDetail;
  /** The buyer's territory when the seller does not ship there: no buying from there. */
  notShippedTo?: string | null;
  onAddToCart?: (listing: ListingDetail, quantity: number) => void;
  /** Best Offer's "Make offer" and the buyer's offer state (another feature's, from the page). */
  offer?: ReactNode;
}) {
  const requireSignIn = useRequireSignIn();
  const { user } = useSession();
  const navigate = useNavigate();
  const outOfStock = listing.quantity <= 0 || listing.status !== "active";
  // Every unit left is in other buyers' open checkouts: it may come back if they don't pay.
  const reservedOut =
    listing.status === "active" && listing.quantity <= 0 && listing.reservedQuantity > 0;
  // Nobody buys their own listing (DECISIONS.md); the server refuses it too.
  const isSeller = Boolean(listing.viewer?.isSeller || (user && listing.seller.id === user.id));
  const [picked, setPicked] = useState(1);
  // `quantity` is already net of other buyers' holds, and may fall while the page is open.
  const quantity = clampQuantity(picked, listing.quantity);
  const canPick = !isSeller && !outOfStock && listing.quantity > 1;
  const buyNow = () => navigate(`/checkout?listing=${listing.id}&quantity=${quantity}`);

  return (
    <section
      aria-label="Buy It Now"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <div>
        <p className="text-sm font-medium text-slate-700">Price</p>
        <p className="text-3xl font-extrabold text-slate-900">
          <UsdAmount cents={listing.priceCents} />
        </p>
        <ApproxPrice cents={listing.priceCents} className="text-sm" />
        {listing.acceptsOffers && (
          <p className="text-sm font-semibold text-slate-800">or Best Offer</p>
        )}
      </div>
      <p className="text-sm">
        {reservedOut ? (
          <span className="font-semibold text-slate-900">{RESERVED_OUT_MESSAGE}</span>
        ) : outOfStock ? (
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
      {isSeller ? (
        <OwnListingNote listingId={listing.id} canEdit={listing.status !== "sold"} />
      ) : (
        <>
          {canPick && (
            <QuantityPicker value={quantity} max={listing.quantity} onChange={setPicked} />
          )}
          {notShippedTo && <DoesNotShipNote territory={notShippedTo} />}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant="accent"
              size="lg"
              className="w-full sm:w-auto sm:flex-1"
              disabled={outOfStock || Boolean(notShippedTo)}
              onClick={() => {
                if (requireSignIn("buy", buyNow)) buyNow();
              }}
            >
              Buy It Now
            </Button>
            <Button
              variant="outline"
              size="lg"
              className="w-full sm:w-auto sm:flex-1"
              disabled={outOfStock || !onAddToCart || Boolean(notShippedTo)}
              onClick={() => onAddToCart?.(listing, quantity)}
            >
              <ShoppingCart aria-hidden="true" className="size-5" />
              Add to Cart
            </Button>
          </div>
          {offer}
        </>
      )}
    </section>
  );
}
