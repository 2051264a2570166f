import { useLiveUser } from "../../../lib/live-auctions";

/**
 * Keeps the signed-in user's topic on the page's live connection: the bell's count and the lists
 * change as notifications arrive or are read in another tab (the cache effects are this
 * feature's cache.ts, routed by client/app/live-effects.ts).
 */
export function useLiveNotifications(userId: string | undefined): void {
  useLiveUser(userId);
}
