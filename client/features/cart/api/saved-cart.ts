import type { CartLineInput, SavedCart } from "../../../../core/contracts/buying";
import { apiGet, apiRequest, trusted } from "../../../lib/api-client";

/** GET /api/me/cart: the signed-in user's cart as last saved from any of their devices. */
export function getSavedCart(signal?: AbortSignal): Promise<SavedCart> {
  return apiGet("/api/me/cart", trusted<SavedCart>(), { signal });
}

/** PUT /api/me/cart: this device's cart becomes the account's (last write wins). */
export function saveCart(lines: readonly CartLineInput[]): Promise<SavedCart> {
  return apiRequest("/api/me/cart", trusted<SavedCart>(), { method: "PUT", body: { lines } });
}

/** POST /api/me/cart/merge: this device's cart joins the account's; answers the merged cart. */
export function mergeCart(lines: readonly CartLineInput[]): Promise<SavedCart> {
  return apiRequest("/api/me/cart/merge", trusted<SavedCart>(), {
    method: "POST",
    body: { lines },
  });
}
