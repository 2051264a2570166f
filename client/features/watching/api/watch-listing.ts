import type { WatchState } from "../../../../core/contracts/watching";
import { apiRequest, trusted } from "../../../lib/api-client";

/** PUT /api/me/watchlist/{listingId}: watch (idempotent); 422 for one's own or a full list. */
export function watchListing(listingId: string) {
  return apiRequest(`/api/me/watchlist/${encodeURIComponent(listingId)}`, trusted<WatchState>(), {
    method: "PUT",
  });
}
