import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { NotFoundScreen } from "../../components/not-found-screen";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useCategories } from "../../features/catalog/api/get-categories";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { useEditableListing } from "../../features/selling/api/get-editable-listing";
import { ListingEditForm } from "../../features/selling/components/listing-edit-form";
import { isNotFoundError } from "../../lib/api-client";

/** /listing/:id/edit (signed in only): the owner's edit form; anyone else's listing is a 404. */
export function EditListingPage() {
  const { id = "" } = useParams();
  const listing = useEditableListing(id);
  const categories = useCategories();
  const territories = useTerritories();

  // Someone else's listing reads as missing (the server answers 404), like a malformed id (400).
  if (listing.isError && isNotFoundError(listing.error, true)) return <NotFoundScreen />;

  let body: ReactNode;
  if (listing.isPending || categories.isPending || territories.isPending) {
    body = <Spinner label="Loading listing..." showLabel />;
  } else if (listing.isError || categories.isError || territories.isError) {
    body = (
      <ErrorState
        message="We couldn't load this listing."
        onRetry={() => {
          void listing.refetch();
          void categories.refetch();
          void territories.refetch();
        }}
      />
    );
  } else {
    body = (
      <ListingEditForm
        key={listing.data.id}
        listing={listing.data}
        categories={categories.data.items}
        territories={territories.data}
      />
    );
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:py-8">
      <PageTitle title="Edit listing" />
      <div className="flex flex-col gap-1">
        <Link to="/my/selling" className="text-sm font-semibold text-brand-800 underline">
          Back to your listings
        </Link>
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
          {listing.data ? `Edit: ${listing.data.title}` : "Edit listing"}
        </h1>
      </div>
      {body}
    </div>
  );
}
