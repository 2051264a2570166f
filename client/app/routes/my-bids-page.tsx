import { Link, useSearchParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Pagination } from "../../components/ui/pagination";
import { Spinner } from "../../components/ui/spinner";
import { useMyBids } from "../../features/my-bids/api/get-my-bids";
import { MyBidsEmpty, MyBidsList } from "../../features/my-bids/components/my-bids-list";
import { useOffers } from "../../features/offers/api/get-offers";
import { OfferList, OffersEmpty } from "../../features/offers/components/offer-list";
import { cn } from "../../lib/cn";

type Tab = "bids" | "offers";

function readPage(searchParams: URLSearchParams): number {
  const requested = Number(searchParams.get("page"));
  return Number.isInteger(requested) && requested >= 1 ? requested : 1;
}

function Bids({ page }: { page: number }) {
  const bids = useMyBids(page);
  if (bids.isPending) return <Spinner label="Loading your bids..." showLabel />;
  if (bids.isError)
    return <ErrorState message="We couldn't load your bids." onRetry={() => void bids.refetch()} />;
  if (bids.data.items.length === 0) return <MyBidsEmpty />;
  return (
    <>
      <MyBidsList bids={bids.data.items} />
      <Pagination page={bids.data.page} pageSize={bids.data.pageSize} total={bids.data.total} />
    </>
  );
}

function Offers({ page }: { page: number }) {
  const offers = useOffers({ role: "buyer", page });
  if (offers.isPending) return <Spinner label="Loading your offers..." showLabel />;
  if (offers.isError)
    return (
      <ErrorState message="We couldn't load your offers." onRetry={() => void offers.refetch()} />
    );
  if (offers.data.items.length === 0) return <OffersEmpty side="buyer" />;
  return (
    <>
      <OfferList offers={offers.data.items} side="buyer" label="Your offers" />
      <Pagination
        page={offers.data.page}
        pageSize={offers.data.pageSize}
        total={offers.data.total}
      />
    </>
  );
}

const TABS: { tab: Tab; label: string; to: string }[] = [
  { tab: "bids", label: "Bids", to: "/my/bids" },
  { tab: "offers", label: "Offers", to: "/my/bids?tab=offers" },
];

/** /my/bids (signed in only): the user's own bids with their standing, and their offers. */
export function MyBidsPage() {
  const [searchParams] = useSearchParams();
  const page = readPage(searchParams);
  const tab: Tab = searchParams.get("tab") === "offers" ? "offers" : "bids";

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title={tab === "offers" ? "Offers | Bids & Offers" : "Bids & Offers"} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Bids & Offers</h1>
      {/* Two views of one page, as links: each has its own address (a notification can point at one). */}
      <nav aria-label="Bids & Offers" className="flex gap-1 border-b border-sand-300">
        {TABS.map((item) => (
          <Link
            key={item.tab}
            to={item.to}
            aria-current={tab === item.tab ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 font-semibold",
              tab === item.tab
                ? "border-brand-700 text-brand-800"
                : "border-transparent text-slate-700 hover:text-brand-800",
            )}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      {tab === "offers" ? <Offers page={page} /> : <Bids page={page} />}
    </div>
  );
}
