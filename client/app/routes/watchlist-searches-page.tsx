import { WatchlistLayout } from "../../components/layouts/watchlist-layout";
import { SavedSearchList } from "../../features/watching/components/saved-search-list";

/** /watchlist/searches (signed in): the user's saved searches. */
export function WatchlistSearchesPage() {
  return (
    <WatchlistLayout title="Saved Searches">
      <SavedSearchList />
    </WatchlistLayout>
  );
}
