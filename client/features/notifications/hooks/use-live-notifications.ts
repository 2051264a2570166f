import { useLiveUser } from "../../../lib/live-auctions";

/**
 * Keeps the signed-in user's topic on the page's live connection: the bell's count and the lists
 * change as notifications arrive or are read in another tab (the cache updates are declared with
 * the live events in client/lib/invalidations.ts).
 */
export function useLiveNotifications(userId: string | undefined): void {
  useLiveUser(userId);
}
