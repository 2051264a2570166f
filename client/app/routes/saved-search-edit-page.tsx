import { ArrowLeft } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import type { CategoryNode } from "../../../core/contracts/browse";
import { NotFoundScreen } from "../../components/not-found-screen";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import type { SelectOption } from "../../components/ui/select-field";
import { Spinner } from "../../components/ui/spinner";
import { useCategories } from "../../features/catalog/api/get-categories";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { useSavedSearch } from "../../features/watching/api/get-saved-search";
import { SavedSearchForm } from "../../features/watching/components/saved-search-form";
import { isNotFoundError } from "../../lib/api-client";

/** Every category with its subcategories under it, indented, for one select. */
function categoryOptions(nodes: CategoryNode[], depth = 0): SelectOption[] {
  return nodes.flatMap((node) => [
    { value: node.slug, label: `${"\u2003".repeat(depth)}${node.name}` },
    ...categoryOptions(node.children, depth + 1),
  ]);
}

/** /saved-searches/:id/edit (signed in): a saved search's name and filters. */
export function SavedSearchEditPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const search = useSavedSearch(id);
  const categories = useCategories();
  const territories = useTerritories();
  const back = () => navigate("/watchlist/searches");

  if (search.isError && isNotFoundError(search.error, true)) return <NotFoundScreen />;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
      <PageTitle title="Edit saved search" />
      <Link
        to="/watchlist/searches"
        className="inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Saved Searches
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Edit saved search</h1>
      {search.isPending || categories.isPending || territories.isPending ? (
        <Spinner label="Loading your saved search..." showLabel />
      ) : search.isError ? (
        <ErrorState
          message="We couldn't load this saved search."
          onRetry={() => void search.refetch()}
        />
      ) : (
        <SavedSearchForm
          key={search.data.id}
          search={search.data}
          categoryOptions={[
            { value: "", label: "All Categories" },
            ...categoryOptions(categories.data?.items ?? []),
          ]}
          territoryOptions={[
            { value: "", label: "All territories" },
            ...(territories.data ?? []).map((t) => ({ value: t.slug, label: t.name })),
          ]}
          onSaved={back}
          onCancel={back}
        />
      )}
    </div>
  );
}
