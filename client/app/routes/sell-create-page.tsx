import type { ReactNode } from "react";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useCategories } from "../../features/catalog/api/get-categories";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { ListingWizard } from "../../features/selling/components/listing-wizard";

/** /sell/create (signed in only): the create-listing wizard, fed with the catalog's lists. */
export function SellCreatePage() {
  const categories = useCategories();
  const territories = useTerritories();

  let body: ReactNode;
  if (categories.isPending || territories.isPending) {
    body = <Spinner label="Loading..." />;
  } else if (categories.isError || territories.isError) {
    body = (
      <ErrorState
        message="We couldn't load the categories and territories."
        onRetry={() => {
          void categories.refetch();
          void territories.refetch();
        }}
      />
    );
  } else {
    body = <ListingWizard categories={categories.data.items} territories={territories.data} />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <PageTitle title="List an item" />
      {body}
    </div>
  );
}
