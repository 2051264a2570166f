import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { addCartLine, readCartLines } from "./use-cart";

/** The spec's cart messages (section 8). */
export const CART_MESSAGES = {
  onlyFixedPrice: "Only Buy It Now items can be added to cart.",
  addFailed: "Failed to add item to cart",
  added: (title: string) => `"${title}" has been added to your cart.`,
  stockExceeded: (n: number) => `Sorry, only ${n} items available`,
  removed: "Item removed from cart",
  updated: "Cart updated",
  updateFailed: "Failed to update quantity",
  cleared: "Cart cleared",
} as const;

type CartableListing = Pick<
  ListingDetail,
  "id" | "title" | "kind" | "priceCents" | "quantity" | "status" | "images" | "seller"
>;

/**
 * Add to Cart from the listing page, with the spec's rules: sign-in first (the click resumes after
 * signing in), fixed-price only, the quantity picked on the page (1 by default), never more in
 * the cart than the stock.
 */
export function useAddToCart(): (listing: CartableListing, quantity?: number) => void {
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();

  const add = useCallback(
    (listing: CartableListing, quantity: number) => {
      if (listing.kind !== "fixed_price") {
        toast.error(CART_MESSAGES.onlyFixedPrice);
        return;
      }
      const inCart = readCartLines().find((l) => l.id === listing.id)?.quantity ?? 0;
      if (inCart + quantity > listing.quantity) {
        toast.error(CART_MESSAGES.stockExceeded(listing.quantity));
        return;
      }
      try {
        addCartLine(
          {
            id: listing.id,
            title: listing.title,
            image: listing.images[0]?.thumbUrl ?? null,
            price: listing.priceCents,
            sellerId: listing.seller.id,
          },
          quantity,
        );
      } catch {
        toast.error(CART_MESSAGES.addFailed);
        return;
      }
      toast.success(CART_MESSAGES.added(listing.title), {
        action: { label: "View cart", onClick: () => navigate("/cart") },
      });
    },
    [navigate],
  );

  return useCallback(
    (listing: CartableListing, quantity = 1) => {
      if (!requireSignIn("cart", () => add(listing, quantity))) return;
      add(listing, quantity);
    },
    [requireSignIn, add],
  );
}
