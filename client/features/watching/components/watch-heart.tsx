import { Heart } from "lucide-react";
import { cn } from "../../../lib/cn";
import { useSession } from "../../../lib/session";
import { useToggleWatch } from "../hooks/use-toggle-watch";

/**
 * The heart on a listing card: pressed (filled) while the listing is on the watchlist. Sellers
 * see none on their own listings, which they cannot watch.
 */
export function WatchHeart({
  listingId,
  title,
  sellerId,
}: {
  listingId: string;
  title: string;
  sellerId: string;
}) {
  const { user } = useSession();
  const { watching, toggle } = useToggleWatch(listingId);
  if (user?.id === sellerId) return null;
  return (
    <button
      type="button"
      aria-pressed={watching}
      aria-label={`Watch ${title}`}
      title={watching ? "Watching: remove from watchlist" : "Add to watchlist"}
      onClick={toggle}
      // 44 px: the smallest comfortable touch target, on phone cards too.
      className="flex size-11 items-center justify-center rounded-full bg-white/95 text-coral-700 shadow-md ring-1 ring-sand-200 transition-colors hover:bg-coral-50"
    >
      <Heart aria-hidden="true" className={cn("size-5", watching && "fill-coral-600")} />
    </button>
  );
}
