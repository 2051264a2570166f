import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { NotFoundScreen } from "../../components/not-found-screen";
import { buttonClasses } from "../../components/ui/button";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useCategories } from "../../features/catalog/api/get-categories";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { useEditableListing } from "../../features/selling/api/get-editable-listing";
import { ListingEditForm } from "../../features/selling/components/listing-edit-form";
import { ApiError, isNotFoundError } from "../../lib/api-client";

/**
 * /listing/:id/edit (signed in only): the owner's edit form. Someone else's listing is refused
 * (403) and the page says so, with the way to the listing instead of a retry that cannot help.
 */
export function EditListingPage() {
  const { id = "" } = useParams();
  const listing = useEditableListing(id);
  const categories = useCategories();
  const territories = useTerritories();

  // A missing listing and a malformed id (400) read as missing.
  if (listing.isError && isNotFoundError(listing.error, true)) return <NotFoundScreen />;

  let body: ReactNode;
  if (listing.error instanceof ApiError && listing.error.status === 403) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-sand-300 bg-white px-6 py-10 text-center"
      >
        <Lock aria-hidden="true" className="size-8 text-slate-700" />
        <p className="font-medium text-slate-900">{listing.error.message}</p>
        <Link to={`/listing/${encodeURIComponent(id)}`} className={buttonClasses("outline", "md")}>
          View the listing
        </Link>
      </div>
    );
  } else if (listing.isPending || categories.isPending || territories.isPending) {
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
