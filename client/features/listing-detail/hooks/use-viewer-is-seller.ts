import type { ListingDetail } from "../../../../core/contracts/browse";
import { useSession } from "../../../lib/session";

/**
 * Whether the signed-in viewer sells this listing: the listing's own answer, or the session (a
 * listing loaded before signing in does not know yet).
 */
export function useViewerIsSeller(listing: Pick<ListingDetail, "viewer" | "seller">): boolean {
  const { user } = useSession();
  return Boolean(listing.viewer?.isSeller || (user && listing.seller.id === user.id));
}
