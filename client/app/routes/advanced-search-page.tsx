import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useCategories } from "../../features/catalog/api/get-categories";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { TerritoryChip } from "../../features/catalog/components/territory-chip";
import {
  advancedSearchParams,
  valuesFromParams,
} from "../../features/search/advanced-search-query";
import { AdvancedSearchForm } from "../../features/search/components/advanced-search-form";
import { rememberedTerritory, rememberTerritory } from "../../lib/territory-choice";

/**
 * /advanced-search: every search field at once; Search opens /listings with them. Opened from a
 * results page ("Advanced search"), it starts from that page's search.
 */
export function AdvancedSearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  // The visit's territory pre-fills Location; the chip names it and clears it (the form starts
  // again without it, so a search by seller is not silently narrowed).
  const [remembered, setRemembered] = useState(rememberedTerritory);
  const territory = searchParams.get("territory") || remembered;
  const categories = useCategories();
  const territories = useTerritories();
  const ready = categories.data && territories.data;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Advanced Search" />
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Advanced Search</h1>
        <p className="text-slate-700">
          Narrow down listings from across the islands by words, category, condition, price,
          territory, seller and format, or look back at completed and sold listings.
        </p>
      </div>
      <TerritoryChip
        territory={territory}
        territories={territories.data}
        onClear={() => {
          rememberTerritory("");
          setRemembered("");
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.delete("territory");
              return next;
            },
            { replace: true },
          );
        }}
      />
      {ready ? (
        <AdvancedSearchForm
          key={territory}
          initial={valuesFromParams(searchParams, remembered)}
          categories={categories.data.items}
          territories={territories.data}
          onSearch={(values) => {
            // The location chosen here is the visit's territory from now on ("" clears it).
            rememberTerritory(values.location);
            const params = advancedSearchParams(values);
            navigate(params.size > 0 ? `/listings?${params}` : "/listings");
          }}
        />
      ) : (
        <Spinner label="Loading search options..." />
      )}
    </div>
  );
}
