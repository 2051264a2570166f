import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useCategories } from "../../features/catalog/api/get-categories";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { useEditableListing } from "../../features/selling/api/get-editable-listing";
import { ListingWizard } from "../../features/selling/components/listing-wizard";
import { ApiError } from "../../lib/api-client";

/**
 * /sell/create (signed in only): the create-listing wizard, fed with the catalog's lists.
 * `?similar={id}` (Sell similar) and `?relist={id}` (Relist) start it filled from one of the
 * seller's listings (issue 30).
 */
export function SellCreatePage() {
  const [params] = useSearchParams();
  const relistId = params.get("relist");
  const sourceId = relistId ?? params.get("similar");
  const categories = useCategories();
  const territories = useTerritories();
  // The edit form's data is the copy's: the seller's own listing only (404 to anyone else).
  const source = useEditableListing(sourceId ?? "");
  const waitingForSource = sourceId !== null && source.isPending;

  let body: ReactNode;
  if (categories.isPending || territories.isPending || waitingForSource) {
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
  } else if (sourceId !== null && source.isError) {
    body = (
      <ErrorState
        message={
          source.error instanceof ApiError && source.error.status < 500
            ? "That listing isn't one of yours, so it can't be copied."
            : "We couldn't load the listing to copy."
        }
        onRetry={() => void source.refetch()}
      />
    );
  } else if (relistId !== null && source.data && !source.data.canRelist) {
    body = (
      <ErrorState message="Only a listing that ended without a sale can be relisted. Use Sell similar to list another." />
    );
  } else {
    body = (
      <ListingWizard
        key={sourceId ?? "new"}
        categories={categories.data.items}
        territories={territories.data}
        from={
          sourceId !== null && source.data
            ? { listing: source.data, relist: relistId !== null }
            : undefined
        }
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <PageTitle title={relistId ? "Relist" : sourceId ? "Sell similar" : "List an item"} />
      {body}
    </div>
  );
}
