import { useSearchParams } from "react-router";
import { PageTitle } from "../../components/ui/page-title";
import type { ListingParams } from "../../features/listings/api/get-listings";
import { ListingResults } from "../../features/listings/components/listing-results";
import { readPage } from "../../features/listings/hooks/use-category-filters";

function CollectionPage({
  title,
  intro,
  params,
}: {
  title: string;
  intro: string;
  params: ListingParams;
}) {
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8">
      <PageTitle title={title} />
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-slate-700">{intro}</p>
      </div>
      <ListingResults params={{ ...params, page: readPage(searchParams) }} />
    </div>
  );
}

export function DealsPage() {
  return (
    <CollectionPage
      title="Daily Deals"
      intro="Hand-picked featured listings from sellers across the Caribbean."
      params={{ featured: true }}
    />
  );
}

export function TrendingPage() {
  return (
    <CollectionPage
      title="Trending Now"
      intro="The auctions drawing the most bids right now."
      params={{ sort: "most_bids" }}
    />
  );
}

export function EndingSoonPage() {
  return (
    <CollectionPage
      title="Ending Soon"
      intro="Auctions closing next: place your bid before time runs out."
      params={{ sort: "ending_soon" }}
    />
  );
}
