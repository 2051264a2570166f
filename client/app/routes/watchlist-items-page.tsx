import { WatchlistLayout } from "../../components/layouts/watchlist-layout";
import { WatchlistItems } from "../../features/watching/components/watchlist-items";

/** /watchlist/items (signed in): the listings the user watches. */
export function WatchlistItemsPage() {
  return (
    <WatchlistLayout title="Watched Items">
      <WatchlistItems />
    </WatchlistLayout>
  );
}
