/**
 * The storage marker that says whose saved cart this device's cart mirrors (written by the
 * saved-cart sync). Apart from that module so the first page can tell, without loading the
 * sync, whether this device holds an account's cart.
 */
export const CART_ACCOUNT_KEY = "tradewinds:cart-account";

/** True when this device's cart is (or was, before the session ended) an account's copy. */
export function hasCartMirror(): boolean {
  try {
    return window.localStorage.getItem(CART_ACCOUNT_KEY) !== null;
  } catch {
    return false;
  }
}
