import { Heart } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { useToggleWatch } from "../hooks/use-toggle-watch";

/**
 * The listing page's "Add to Watchlist" (pressed, "Watching", once added) and how many people
 * watch it. The seller sees only the count: their own listing cannot be watched.
 */
export function WatchListingButton({
  listingId,
  watcherCount,
  own,
}: {
  listingId: string;
  watcherCount: number;
  own: boolean;
}) {
  const { watching, toggle } = useToggleWatch(listingId);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {!own && (
        <Button variant={watching ? "outline" : "ghost"} aria-pressed={watching} onClick={toggle}>
          <Heart
            aria-hidden="true"
            className={cn("size-4", watching && "fill-coral-600 text-coral-700")}
          />
          {watching ? "Watching" : "Add to Watchlist"}
        </Button>
      )}
      <p aria-live="polite" className="text-sm text-slate-700">
        {watcherCount > 0 ? `${watcherCount} watching` : own ? "No one is watching yet" : ""}
      </p>
    </div>
  );
}
