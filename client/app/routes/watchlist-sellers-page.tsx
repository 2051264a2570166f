import { WatchlistLayout } from "../../components/layouts/watchlist-layout";
import { FollowedSellerList } from "../../features/watching/components/followed-seller-list";

/** /watchlist/sellers (signed in): the sellers the user follows. */
export function WatchlistSellersPage() {
  return (
    <WatchlistLayout title="Saved Sellers">
      <FollowedSellerList />
    </WatchlistLayout>
  );
}
