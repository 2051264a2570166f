import { useSearchParams } from "react-router";
import { HOME_SECTION_QUERIES } from "../../../core/contracts/browse";
import { PageTitle } from "../../components/ui/page-title";
import { SelectField } from "../../components/ui/select-field";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { TerritoryChip } from "../../features/catalog/components/territory-chip";
import type { ListingParams } from "../../features/listings/api/get-listings";
import { ListingResults } from "../../features/listings/components/listing-results";
import { readPage } from "../../features/listings/hooks/use-category-filters";
import { useTerritoryChoice } from "../../lib/territory-choice";

/** A home section's View all page: the same query as the section (HOME_SECTION_QUERIES), in full. */
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
  // The territory chosen on the home page (or earlier in the visit) narrows these lists too.
  const { territory, choose } = useTerritoryChoice();
  const territories = useTerritories().data ?? [];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8">
      <PageTitle title={title} />
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <p className="text-slate-700">{intro}</p>
        </div>
        <SelectField
          label="Territory"
          value={territory}
          onChange={choose}
          options={[
            { value: "", label: "All Territories" },
            ...territories.map((t) => ({ value: t.slug, label: t.name })),
          ]}
          className="md:w-64"
        />
      </div>
      <TerritoryChip territory={territory} territories={territories} onClear={() => choose("")} />
      <ListingResults
        params={{ ...params, territory: territory || undefined, page: readPage(searchParams) }}
      />
    </div>
  );
}

export function DealsPage() {
  return (
    <CollectionPage
      title="Daily Deals"
      intro="Hand-picked featured listings from sellers across the Caribbean."
      params={HOME_SECTION_QUERIES.featured}
    />
  );
}

export function TrendingPage() {
  return (
    <CollectionPage
      title="Trending Now"
      intro="The auctions drawing the most bids right now."
      params={HOME_SECTION_QUERIES.trending}
    />
  );
}

export function EndingSoonPage() {
  return (
    <CollectionPage
      title="Ending Soon"
      intro="Auctions closing next: place your bid before time runs out."
      params={HOME_SECTION_QUERIES.endingSoon}
    />
  );
}
