import type { WatchState } from "../../../../core/contracts/watching";
import { apiRequest, trusted } from "../../../lib/api-client";

/** DELETE /api/me/watchlist/{listingId}: stop watching (idempotent). */
export function unwatchListing(listingId: string) {
  return apiRequest(`/api/me/watchlist/${encodeURIComponent(listingId)}`, trusted<WatchState>(), {
    method: "DELETE",
  });
}
