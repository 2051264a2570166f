import { useSearchParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Pagination } from "../../components/ui/pagination";
import { Spinner } from "../../components/ui/spinner";
import { useMyBids } from "../../features/my-bids/api/get-my-bids";
import { MyBidsEmpty, MyBidsList } from "../../features/my-bids/components/my-bids-list";

/** /my/bids (signed in only): the user's own bids with their standing. */
export function MyBidsPage() {
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get("page"));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const bids = useMyBids(page);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Bids & Offers" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Bids & Offers</h1>
      {bids.isPending ? (
        <Spinner label="Loading your bids..." showLabel />
      ) : bids.isError ? (
        <ErrorState message="We couldn't load your bids." onRetry={() => void bids.refetch()} />
      ) : bids.data.items.length === 0 ? (
        <MyBidsEmpty />
      ) : (
        <>
          <MyBidsList bids={bids.data.items} />
          <Pagination page={bids.data.page} pageSize={bids.data.pageSize} total={bids.data.total} />
        </>
      )}
    </div>
  );
}
