import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { PagePlaceholder } from "../../components/ui/skeleton";
import { useCategory } from "../../features/catalog/api/get-category";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { CategoryHeader } from "../../features/catalog/components/category-header";
import { SubcategoryList } from "../../features/catalog/components/subcategory-list";
import { TerritoryChip } from "../../features/catalog/components/territory-chip";
import { CategoryListings } from "../../features/listings/components/category-listings";
import { SaveSearchButton } from "../../features/watching/components/save-search-button";
import { isNotFoundError } from "../../lib/api-client";
import { useTerritoryChoice } from "../../lib/territory-choice";

/** /category/:slug and /category/:slug/:sub. An unknown category goes to /404. */
export function CategoryPage() {
  const { slug = "", sub } = useParams();
  const target = sub ?? slug;
  const navigate = useNavigate();
  const category = useCategory(target);
  const territories = useTerritories().data;
  const { territory, choose } = useTerritoryChoice();
  const data = category.data;
  const current = data && data.slug === target ? data : undefined;
  // /category/fashion/phones is no page: the subcategory must belong to the category.
  const misplaced =
    current !== undefined && (sub ? current.parent?.slug !== slug : current.parent !== null);
  const notFound = isNotFoundError(category.error, true) || misplaced;

  useEffect(() => {
    if (notFound) navigate("/404", { replace: true });
  }, [notFound, navigate]);

  if (notFound) return null;
  if (!data) {
    return category.isError ? (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <ErrorState
          message="We couldn't load this category."
          onRetry={() => void category.refetch()}
        />
      </div>
    ) : (
      <PagePlaceholder label="Loading category..." />
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6">
      <PageTitle title={data.name} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <CategoryHeader category={data} />
        <div className="shrink-0">
          <SaveSearchButton pathFilters={{ category: target }} categoryName={data.name} />
        </div>
      </div>
      <TerritoryChip territory={territory} territories={territories} onClear={() => choose("")} />
      <CategoryListings
        categorySlug={target}
        categorySection={(counts) => <SubcategoryList category={data} counts={counts} />}
        territories={territories}
      />
    </div>
  );
}
